import { constants as bufferConstants } from 'node:buffer';
import { crc32, inflateRawSync } from 'node:zlib';
import type { IngestLimits } from '#platform/config';
import { HEAD_BYTES } from '#ingest/shared/parser';
import { type ZipEntry, ZipFormatError, readZipDirectory } from './zip-directory.ts';

/** A size for a person: 1.5 MiB, 200 MiB, 312 bytes. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  const [unit, scale] = bytes < 1024 ** 2 ? ['KiB', 1024] : bytes < 1024 ** 3 ? ['MiB', 1024 ** 2] : ['GiB', 1024 ** 3];
  const value = bytes / scale;
  return `${Number.isInteger(value) ? value : value.toFixed(1)} ${unit}`;
}

/** Entries that expand to no more than this are not held to the compression ratio: they cannot hurt. */
export const RATIO_CHECKED_ABOVE = 1024 * 1024;

/** A member to ingest: its name, its first bytes (for detection), and its bytes on demand. */
export interface ArchiveMember {
  readonly name: string;
  readonly head: Uint8Array;
  read(): Uint8Array;
}

/** Why an archive is refused: the limit it breaks (part of the rejection's id) and the reason, in words. */
export interface ArchiveRefusal {
  readonly rule: string;
  readonly reason: string;
}

export type ArchiveRead =
  | { readonly kind: 'members'; readonly members: readonly ArchiveMember[]; readonly empty: readonly string[] }
  | ({ readonly kind: 'refused' } & ArchiveRefusal)
  | { readonly kind: 'unreadable'; readonly message: string };

class ExpandsBeyondDeclared extends Error {}

/**
 * A member's bytes, never more than its declared size: zlib stops as soon as the output
 * passes it (maxOutputLength), so a member that claims little and holds a lot costs no more
 * than its claim in memory and time.
 */
function expand(archive: Uint8Array, entry: ZipEntry): Uint8Array {
  const data = archive.subarray(entry.dataOffset, entry.dataOffset + entry.compressedSize);
  let bytes: Uint8Array;
  if (entry.method === 0) {
    bytes = data;
  } else {
    try {
      bytes = inflateRawSync(data, { maxOutputLength: Math.max(1, Math.min(entry.size, bufferConstants.MAX_LENGTH)) });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE') throw new ExpandsBeyondDeclared(entry.name);
      throw new ZipFormatError(`${entry.name} cannot be expanded (${(error as Error).message})`);
    }
  }
  if (bytes.length > entry.size) throw new ExpandsBeyondDeclared(entry.name);
  if (bytes.length !== entry.size)
    throw new ZipFormatError(`${entry.name} is ${bytes.length} bytes, not the ${entry.size} its header declares`);
  if (crc32(bytes) !== entry.crc32) throw new ZipFormatError(`${entry.name} fails its CRC-32 check`);
  return bytes;
}

/** The first limit the members' declared sizes break, if any; nothing is expanded to find it. */
function declaredRefusal(entries: readonly ZipEntry[], limits: IngestLimits): ArchiveRefusal | undefined {
  let total = 0;
  for (const entry of entries) {
    if (entry.size > limits.maxDocumentBytes) {
      return {
        rule: `zip-entry-bytes>${limits.maxDocumentBytes}`,
        reason: `the zip entry ${entry.name} expands to ${formatBytes(entry.size)}, over the document limit of ${formatBytes(limits.maxDocumentBytes)} (INGEST_MAX_DOCUMENT_BYTES): refused unexpanded`,
      };
    }
    const ratio = entry.size / Math.max(entry.compressedSize, 1);
    if (entry.size > RATIO_CHECKED_ABOVE && ratio > limits.maxCompressionRatio) {
      return {
        rule: `zip-ratio>${limits.maxCompressionRatio}`,
        reason: `the zip entry ${entry.name} expands ${Math.round(ratio)} times (${formatBytes(entry.compressedSize)} to ${formatBytes(entry.size)}), over the limit of ${limits.maxCompressionRatio} (INGEST_MAX_COMPRESSION_RATIO): refused unexpanded as a likely zip bomb`,
      };
    }
    total += entry.size;
    if (total > limits.maxArchiveBytes) {
      return {
        rule: `zip-total-bytes>${limits.maxArchiveBytes}`,
        reason: `the zip entries expand to more than ${formatBytes(limits.maxArchiveBytes)} together, over the archive limit (INGEST_MAX_ARCHIVE_BYTES): refused unexpanded`,
      };
    }
  }
  return undefined;
}

/**
 * Opens a zip archive within the limits, or says why not. The number of members is checked
 * first, then the central directory's declared sizes (each member against the document limit and the compression
 * ratio, all together against the archive limit), so a bomb that declares what it holds is
 * refused without expanding anything; then each member is expanded once, one at a time and
 * never past its declared size, to check that it holds what it declares (size and CRC-32).
 * A member that expands beyond its declared size is a bomb that lies about itself: refused.
 * Members are expanded again when read, so only one is in memory at a time.
 */
export function openArchive(archive: Uint8Array, limits: IngestLimits, keep: (name: string) => boolean): ArchiveRead {
  let members: ZipEntry[];
  try {
    members = readZipDirectory(archive).filter((entry) => !entry.name.endsWith('/') && keep(entry.name));
  } catch (error) {
    if (error instanceof ZipFormatError) return { kind: 'unreadable', message: error.message };
    throw error;
  }
  // Every member is a document (an empty one a rejection): counted before anything is
  // expanded, so 100,000 tiny entries cost a directory read, not 100,000 documents.
  if (members.length > limits.maxArchiveEntries) {
    return {
      kind: 'refused',
      rule: `zip-entries>${limits.maxArchiveEntries}`,
      reason: `the zip archive holds ${members.length} files, over the limit of ${limits.maxArchiveEntries} (INGEST_MAX_ARCHIVE_ENTRIES): refused unexpanded`,
    };
  }
  const empty = members.filter((entry) => entry.size === 0).map((entry) => entry.name);
  const data = members.filter((entry) => entry.size > 0);
  const unsupported = data.find((entry) => entry.encrypted || (entry.method !== 0 && entry.method !== 8));
  if (unsupported) {
    const what = unsupported.encrypted
      ? 'is encrypted'
      : `uses compression method ${unsupported.method} (only stored and deflated are read)`;
    return { kind: 'unreadable', message: `${unsupported.name} ${what}` };
  }
  const refusal = declaredRefusal(data, limits);
  if (refusal) return { kind: 'refused', ...refusal };
  const read: ArchiveMember[] = [];
  for (const entry of data) {
    try {
      const head = expand(archive, entry).slice(0, HEAD_BYTES);
      read.push({ name: entry.name, head, read: () => expand(archive, entry) });
    } catch (error) {
      if (error instanceof ExpandsBeyondDeclared) {
        return {
          kind: 'refused',
          rule: 'zip-entry-beyond-declared-size',
          reason: `the zip entry ${entry.name} expands beyond the ${formatBytes(entry.size)} its header declares: refused as a zip bomb, expanded no further`,
        };
      }
      if (error instanceof ZipFormatError) return { kind: 'unreadable', message: error.message };
      throw error;
    }
  }
  return { kind: 'members', members: read, empty };
}
