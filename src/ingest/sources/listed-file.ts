import { createHash } from 'node:crypto';
import { constants } from 'node:fs';
import { type FileHandle, open, readlink } from 'node:fs/promises';
import { HEAD_BYTES } from '#ingest/shared/parser';

/** A regular file as a folder listing found it (lstat, never following a link). */
export interface ListedFile {
  /** The path it was listed under, for opening and for messages. */
  readonly path: string;
  /** Where that path leads when no link is on the way: the listing's real root joined with the path below it. */
  readonly realPath: string;
  readonly dev: number;
  readonly ino: number;
  readonly size: number;
}

/** A listed file that is no longer the file listed (replaced, made a link, grown past a limit). */
export class FileChangedError extends Error {}

// O_NOFOLLOW: a link put in the file's place after it was listed fails the open (ELOOP)
// instead of being followed; O_NONBLOCK: a FIFO put there cannot hang the open. Both are 0
// where the platform has no such flag.
const OPEN_FLAGS = constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0);

async function openChecked(file: ListedFile): Promise<FileHandle> {
  const handle = await open(file.path, OPEN_FLAGS).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ELOOP') throw new FileChangedError('it became a symbolic link after it was listed: not followed');
    throw error;
  });
  try {
    const stats = await handle.stat();
    if (!stats.isFile()) throw new FileChangedError('it is no longer a regular file');
    if (stats.dev !== file.dev || stats.ino !== file.ino) throw new FileChangedError('it was replaced by another file after it was listed');
    // The open file's own path (Linux): a folder on the way that became a link after the
    // listing leads somewhere else. Skipped where /proc is not there.
    const reached = await readlink(`/proc/self/fd/${handle.fd}`).catch(() => undefined);
    if (reached !== undefined && reached !== file.realPath) {
      throw new FileChangedError(`it was reached through a symbolic link (at ${reached}): not followed`);
    }
    return handle;
  } catch (error) {
    await handle.close();
    throw error;
  }
}

async function readInto(handle: FileHandle, buffer: Uint8Array): Promise<number> {
  let filled = 0;
  while (filled < buffer.length) {
    const { bytesRead } = await handle.read(buffer, filled, buffer.length - filled, filled);
    if (bytesRead === 0) break;
    filled += bytesRead;
  }
  return filled;
}

/**
 * The whole file, if it is still the file listed and at most `maxBytes` long: never more
 * than that is read, whatever the file became.
 */
export async function readListed(file: ListedFile, maxBytes: number): Promise<Uint8Array> {
  const handle = await openChecked(file);
  try {
    const { size } = await handle.stat();
    if (size > maxBytes) throw new FileChangedError(`it grew to ${size} bytes after it was listed, over the limit of ${maxBytes}`);
    const bytes = new Uint8Array(size);
    const read = await readInto(handle, bytes);
    const more = await handle.read(new Uint8Array(1), 0, 1, read);
    if (read !== size || more.bytesRead > 0) throw new FileChangedError('it changed while it was read (still being written?)');
    return bytes;
  } finally {
    await handle.close();
  }
}

/** The first bytes of the file, all that format detection needs. */
export async function readListedHead(file: ListedFile): Promise<Uint8Array> {
  const handle = await openChecked(file);
  try {
    const buffer = new Uint8Array(HEAD_BYTES);
    return buffer.subarray(0, await readInto(handle, buffer));
  } finally {
    await handle.close();
  }
}

const DIGEST_CHUNK = 1024 * 1024;

/** The SHA-256 and length of the file, read a chunk at a time: a file too large to hold is never held. */
export async function digestListed(file: ListedFile): Promise<{ sha256: string; byteLength: number }> {
  const handle = await openChecked(file);
  try {
    const hash = createHash('sha256');
    const chunk = new Uint8Array(DIGEST_CHUNK);
    let byteLength = 0;
    for (;;) {
      const { bytesRead } = await handle.read(chunk, 0, DIGEST_CHUNK, byteLength);
      if (bytesRead === 0) break;
      hash.update(chunk.subarray(0, bytesRead));
      byteLength += bytesRead;
    }
    return { sha256: hash.digest('hex'), byteLength };
  } finally {
    await handle.close();
  }
}
