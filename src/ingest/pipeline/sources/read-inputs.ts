import { open, readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { unzipSync } from 'fflate';
import { z } from 'zod';
import type { Problem } from '../../shared/parser.ts';
import { HEAD_BYTES } from '../../shared/file-head.ts';

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
  /** Its format when already known (a stored document's), so it is not detected again. */
  readonly format?: string;
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

async function readFileHead(file: string): Promise<Uint8Array> {
  const handle = await open(file, 'r');
  try {
    const buffer = new Uint8Array(HEAD_BYTES);
    const { bytesRead } = await handle.read(buffer, 0, HEAD_BYTES, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

// Notes that travel with data folders (SOURCES.md, READMEs, the known-at.json manifest) and
// hidden files are not data.
export const KNOWN_AT_MANIFEST = 'known-at.json';
const isIgnored = (name: string) => name.startsWith('.') || /\.md$/i.test(name) || name === KNOWN_AT_MANIFEST;

const ManifestSchema = z.record(z.string().min(1), z.iso.datetime({ offset: true }));

/**
 * A folder's `known-at.json`: when each of its files was published, for files that state no
 * date of their own (master lists, index lists), e.g. {"EQUITY_L.csv": "2024-03-08T00:00:00+05:30"}.
 * Missing: an empty map. Unreadable or malformed: a problem, and an empty map.
 */
async function manifestOf(dir: string, problems: Problem[]): Promise<ReadonlyMap<string, string>> {
  const file = path.join(dir, KNOWN_AT_MANIFEST);
  const text = await readFile(file, 'utf8').catch(() => undefined);
  if (text === undefined) return new Map();
  try {
    const parsed = ManifestSchema.safeParse(JSON.parse(text));
    if (parsed.success) return new Map(Object.entries(parsed.data));
    problems.push({
      where: file,
      message: `expected {"<file name>": "<ISO 8601 instant with offset>", ...}: ${parsed.error.issues[0]?.message ?? 'invalid'}`,
    });
  } catch (error) {
    problems.push({ where: file, message: `not JSON: ${(error as Error).message}` });
  }
  return new Map();
}

async function walk(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries
      .filter((entry) => !isIgnored(entry.name))
      .sort((a, b) => a.name.localeCompare(b.name))
      .map((entry) => {
        const full = path.join(dir, entry.name);
        return entry.isDirectory() ? walk(full) : Promise.resolve(entry.isFile() ? [full] : []);
      }),
  );
  return nested.flat();
}

function zipEntries(zipPath: string, bytes: Uint8Array): InputFile[] {
  const files = unzipSync(bytes);
  return Object.entries(files)
    .filter(([name, data]) => !name.endsWith('/') && !isIgnored(path.basename(name)) && data.byteLength > 0)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([name, data]) => inputFromBytes(`${path.basename(zipPath)}/${name}`, `${zipPath}:${name}`, data));
}

const isZip = (bytes: Uint8Array) => bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;

/**
 * Expands files, folders (recursively) and zip archives into the files to ingest. A path
 * that does not exist or a zip that cannot be opened is a problem, not a crash: the other
 * inputs still go ahead. A corrupt zip's bytes are kept as a document of their own so the
 * failure is recorded with them.
 */
export async function readInputs(inputs: readonly string[]): Promise<{ files: InputFile[]; problems: Problem[] }> {
  const files: InputFile[] = [];
  const problems: Problem[] = [];
  const manifests = new Map<string, Promise<ReadonlyMap<string, string>>>();
  const knownAtOf = async (file: string) => {
    const dir = path.dirname(file);
    if (!manifests.has(dir)) manifests.set(dir, manifestOf(dir, problems));
    return (await manifests.get(dir))?.get(path.basename(file));
  };
  for (const input of inputs) {
    const info = await stat(input).catch(() => undefined);
    if (!info) {
      problems.push({ where: input, message: 'no such file or folder' });
      continue;
    }
    const paths = info.isDirectory() ? await walk(input) : [input];
    for (const file of paths) {
      if (/\.zip$/i.test(file)) {
        const bytes = await readFile(file);
        if (isZip(bytes)) {
          try {
            files.push(...zipEntries(file, bytes));
            continue;
          } catch (error) {
            problems.push({ where: file, message: `the zip archive cannot be read (${(error as Error).message}); kept as it is` });
          }
        }
      }
      const knownAt = await knownAtOf(file);
      files.push({
        fileName: path.basename(file),
        origin: file,
        read: () => readFile(file),
        readHead: () => readFileHead(file),
        ...(knownAt ? { knownAt } : {}),
      });
    }
  }
  return { files, problems };
}
