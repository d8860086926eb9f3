import { createHash } from 'node:crypto';
import { lstat } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_INGEST_LIMITS, type IngestLimits } from '#platform/config';
import { type Problem, HEAD_BYTES } from '#ingest/shared/parser';
import { describeSkipped, isIgnored, KNOWN_AT_MANIFEST, listInputs } from './list-inputs.ts';
import { digestListed, type ListedFile, readListed, readListedHead } from './listed-file.ts';
import { formatBytes, openArchive } from './zip-archive.ts';

export { KNOWN_AT_MANIFEST } from './list-inputs.ts';

/**
 * Why a file is rejected unread, at receipt: it breaks a size limit. Its bytes are neither
 * parsed nor kept; its receipt and rejection are recorded under its digest.
 */
export interface Refusal {
  readonly documentId: string;
  readonly byteLength: number;
  /** The limit broken, with its value (e.g. `document-bytes>67108864`): the same file under the same limits is one rejection. */
  readonly rule: string;
  readonly reason: string;
}

/** A file to ingest: read lazily, so a large folder is never held in memory at once. */
export interface InputFile {
  /** The name as published: a path's base name, or `archive.zip/entry` for a zip entry. */
  readonly fileName: string;
  /** Where it came from, for messages. */
  readonly origin: string;
  read(): Promise<Uint8Array>;
  /** The first bytes, all that format detection needs (a folder's files are planned before any is read whole). */
  readHead(): Promise<Uint8Array>;
  /** When the file was published, as its folder's `known-at.json` states (for files that state no date). */
  readonly knownAt?: string;
  /** The URL it was fetched from, as its sender states it (a relay's upload); context a connector finds comes first. */
  readonly sourceUrl?: string;
  /** What its sender states of it beyond its bytes (a relay's fetch provenance: document-context.ts). */
  readonly attributes?: Readonly<Record<string, unknown>>;
  /** Its format when already known (a stored document's), so it is not detected again. */
  readonly format?: string;
  /** Set when the file breaks a limit: it is recorded as rejected and never read whole. */
  readonly refusal?: Refusal;
}

export interface ReadInputsOptions {
  readonly limits?: IngestLimits;
  /**
   * The folder a watcher found the paths in (the inbox): a path that is itself a link is
   * skipped, as a link inside a folder always is, and every file must lie inside it.
   */
  readonly within?: string;
}

/** A file already in memory (a zip entry, a generated file, a stored document of a known format). */
export function inputFromBytes(fileName: string, origin: string, bytes: Uint8Array, format?: string): InputFile {
  return {
    fileName,
    origin,
    read: () => Promise.resolve(bytes),
    readHead: () => Promise.resolve(bytes.subarray(0, HEAD_BYTES)),
    ...(format === undefined ? {} : { format }),
  };
}

const ManifestSchema = z.record(z.string().min(1), z.iso.datetime({ offset: true }));
/** A manifest is a list of names and times: anything larger is not one. */
const MANIFEST_MAX_BYTES = 1024 * 1024;

/**
 * A folder's `known-at.json`: when each of its files was published, for files that state no
 * date of their own (master lists, index lists), e.g. {"EQUITY_L.csv": "2024-03-08T00:00:00+05:30"}.
 * Missing: an empty map. A link, unreadable or malformed: a problem, and an empty map. Its
 * text never appears in a problem (it might not be the manifest it claims to be).
 */
async function manifestOf(dir: string, realDir: string, problems: Problem[]): Promise<ReadonlyMap<string, string>> {
  const file = path.join(dir, KNOWN_AT_MANIFEST);
  const stats = await lstat(file).catch(() => undefined);
  if (!stats) return new Map();
  if (!stats.isFile()) {
    problems.push({ where: file, message: describeSkipped(stats) });
    return new Map();
  }
  try {
    const listed = { path: file, realPath: path.join(realDir, KNOWN_AT_MANIFEST), dev: stats.dev, ino: stats.ino, size: stats.size };
    const parsed = ManifestSchema.safeParse(JSON.parse(new TextDecoder().decode(await readListed(listed, MANIFEST_MAX_BYTES))));
    if (parsed.success) return new Map(Object.entries(parsed.data));
    problems.push({
      where: file,
      message: `expected {"<file name>": "<ISO 8601 instant with offset>", ...}: ${parsed.error.issues[0]?.message ?? 'invalid'}`,
    });
  } catch (error) {
    problems.push({ where: file, message: error instanceof SyntaxError ? 'not JSON' : `cannot be read: ${(error as Error).message}` });
  }
  return new Map();
}

/** Whether bytes begin as a zip archive (a local file header). */
export const isZip = (bytes: Uint8Array) => bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;

/** A listed file over the document limit: its digest is streamed, its bytes never held. */
async function refusedFile(file: ListedFile, limits: IngestLimits): Promise<InputFile> {
  const { sha256, byteLength } = await digestListed(file);
  const reason = `${formatBytes(byteLength)}, over the document limit of ${formatBytes(limits.maxDocumentBytes)} (INGEST_MAX_DOCUMENT_BYTES): refused unread, its bytes are not kept`;
  return {
    fileName: path.basename(file.path),
    origin: file.path,
    read: () => Promise.reject(new Error(reason)),
    readHead: () => readListedHead(file),
    refusal: { documentId: sha256, byteLength, rule: `document-bytes>${limits.maxDocumentBytes}`, reason },
  };
}

/**
 * The documents a zip archive holds (named `zipName/entry`), or the archive itself refused;
 * undefined when it cannot be read, to be kept as a document of its own. `origin` names it
 * in messages: a path, or an upload.
 */
export function archiveInputs(
  zipName: string,
  origin: string,
  bytes: Uint8Array,
  limits: IngestLimits,
  problems: Problem[],
): InputFile[] | undefined {
  const archive = openArchive(bytes, limits, (name) => !isIgnored(path.basename(name)));
  if (archive.kind === 'unreadable') {
    problems.push({ where: origin, message: `the zip archive cannot be read (${archive.message}); kept as it is` });
    return undefined;
  }
  if (archive.kind === 'refused') {
    const refusal = {
      documentId: createHash('sha256').update(bytes).digest('hex'),
      byteLength: bytes.length,
      rule: archive.rule,
      reason: archive.reason,
    };
    return [
      {
        fileName: zipName,
        origin,
        read: () => Promise.reject(new Error(archive.reason)),
        readHead: () => Promise.resolve(bytes.subarray(0, HEAD_BYTES)),
        refusal,
      },
    ];
  }
  for (const name of archive.empty) problems.push({ where: `${origin}:${name}`, message: 'an empty file (0 bytes): nothing to ingest' });
  return archive.members.map((member) => ({
    fileName: `${zipName}/${member.name}`,
    origin: `${origin}:${member.name}`,
    read: () => Promise.resolve(member.read()),
    readHead: () => Promise.resolve(member.head),
  }));
}

/**
 * Expands files, folders (recursively) and zip archives into the files to ingest, within
 * the limits (docs/ingestion.md, "Limits"). Never throws for what it finds: a path that does
 * not exist, a link, a FIFO or another special file, an empty file or a zip that cannot be
 * read is a problem, and the other inputs still go ahead. A corrupt zip's bytes are kept as
 * a document of their own so the failure is recorded with them. A file over the document
 * limit, or a zip whose members break a limit, is a refused input: recorded as rejected
 * with the reason, never read whole.
 */
export async function readInputs(
  inputs: readonly string[],
  options: ReadInputsOptions = {},
): Promise<{ files: InputFile[]; problems: Problem[] }> {
  const limits = options.limits ?? DEFAULT_INGEST_LIMITS;
  const listing = await listInputs(inputs, options.within);
  const files: InputFile[] = [];
  const problems = [...listing.problems];
  const manifests = new Map<string, Promise<ReadonlyMap<string, string>>>();
  const knownAtOf = async (file: ListedFile) => {
    const dir = path.dirname(file.path);
    if (!manifests.has(dir)) manifests.set(dir, manifestOf(dir, path.dirname(file.realPath), problems));
    return (await manifests.get(dir))?.get(path.basename(file.path));
  };
  for (const file of listing.files) {
    try {
      if (file.size === 0) {
        problems.push({ where: file.path, message: 'an empty file (0 bytes): nothing to ingest' });
        continue;
      }
      if (file.size > limits.maxDocumentBytes) {
        files.push(await refusedFile(file, limits));
        continue;
      }
      if (/\.zip$/i.test(file.path)) {
        const bytes = await readListed(file, limits.maxDocumentBytes);
        const members = isZip(bytes) ? archiveInputs(path.basename(file.path), file.path, bytes, limits, problems) : undefined;
        if (members) {
          files.push(...members);
          continue;
        }
      }
      const knownAt = await knownAtOf(file);
      files.push({
        fileName: path.basename(file.path),
        origin: file.path,
        read: () => readListed(file, limits.maxDocumentBytes),
        readHead: () => readListedHead(file),
        ...(knownAt ? { knownAt } : {}),
      });
    } catch (error) {
      problems.push({ where: file.path, message: `skipped: ${(error as Error).message}` });
    }
  }
  return { files, problems };
}
