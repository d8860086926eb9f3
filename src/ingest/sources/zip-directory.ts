/** One member of a zip archive as its central directory declares it; nothing is expanded yet. */
export interface ZipEntry {
  readonly name: string;
  /** 0 stored, 8 deflated; anything else is not read. */
  readonly method: number;
  readonly encrypted: boolean;
  readonly crc32: number;
  readonly compressedSize: number;
  /** The size the archive declares the member expands to: a claim, checked when it is expanded. */
  readonly size: number;
  /** Where the member's compressed bytes start. */
  readonly dataOffset: number;
}

/** An archive whose structure cannot be read (truncated, not a zip, offsets outside it). */
export class ZipFormatError extends Error {}

const END_OF_DIRECTORY = 0x06054b50;
const ZIP64_LOCATOR = 0x07064b50;
const ZIP64_END_OF_DIRECTORY = 0x06064b50;
const DIRECTORY_ENTRY = 0x02014b50;
const LOCAL_HEADER = 0x04034b50;
const ZIP64_EXTRA = 0x0001;
const MAX_COMMENT = 0xffff;

/** Little-endian reads that fail as a format error, never past the end. */
function reader(bytes: Uint8Array) {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const within = (at: number, length: number) => {
    if (at < 0 || at + length > bytes.length) throw new ZipFormatError('truncated: a header points outside the archive');
  };
  return {
    u16: (at: number) => (within(at, 2), view.getUint16(at, true)),
    u32: (at: number) => (within(at, 4), view.getUint32(at, true)),
    u64(at: number) {
      within(at, 8);
      const value = view.getBigUint64(at, true);
      if (value > BigInt(Number.MAX_SAFE_INTEGER)) throw new ZipFormatError('a zip64 size or offset is beyond what can be read');
      return Number(value);
    },
    slice: (at: number, length: number) => (within(at, length), bytes.subarray(at, at + length)),
  };
}

function findEndOfDirectory(bytes: Uint8Array, read: ReturnType<typeof reader>): number {
  for (let at = bytes.length - 22; at >= Math.max(0, bytes.length - 22 - MAX_COMMENT); at--) {
    if (read.u32(at) === END_OF_DIRECTORY) return at;
  }
  throw new ZipFormatError('no end-of-central-directory record: not a zip archive, or a truncated one');
}

/** The sizes and offset a zip64 extra field holds for the fields marked 0xffffffff, in its order. */
function zip64Values(extra: Uint8Array, wanted: { size: boolean; compressed: boolean; offset: boolean }) {
  const read = reader(extra);
  for (let at = 0; at + 4 <= extra.length;) {
    const id = read.u16(at);
    const length = read.u16(at + 2);
    if (id === ZIP64_EXTRA) {
      let field = at + 4;
      const next = () => {
        const value = read.u64(field);
        field += 8;
        return value;
      };
      return {
        size: wanted.size ? next() : undefined,
        compressed: wanted.compressed ? next() : undefined,
        offset: wanted.offset ? next() : undefined,
      };
    }
    at += 4 + length;
  }
  throw new ZipFormatError('a member marks its sizes as zip64 but has no zip64 field');
}

/**
 * The members of a zip archive from its central directory (the archive's own index, as
 * fflate and unzip read it), with where each one's data starts. Only the directory is
 * read: what a member expands to is a claim until it is expanded (zip-archive.ts).
 */
export function readZipDirectory(bytes: Uint8Array): ZipEntry[] {
  const read = reader(bytes);
  const end = findEndOfDirectory(bytes, read);
  let count = read.u16(end + 10);
  let offset = read.u32(end + 16);
  if (end >= 20 && read.u32(end - 20) === ZIP64_LOCATOR) {
    const zip64End = read.u64(end - 12);
    if (read.u32(zip64End) !== ZIP64_END_OF_DIRECTORY) throw new ZipFormatError('the zip64 locator points at no zip64 directory end');
    count = read.u64(zip64End + 32);
    offset = read.u64(zip64End + 48);
  }
  // Each directory entry takes at least 46 bytes: a count the archive cannot hold is a lie.
  if (count * 46 > bytes.length) throw new ZipFormatError(`the directory claims ${count} members, more than the archive can hold`);
  const entries: ZipEntry[] = [];
  for (let i = 0, at = offset; i < count; i++) {
    if (read.u32(at) !== DIRECTORY_ENTRY) throw new ZipFormatError(`directory entry ${i + 1} is not where the directory says`);
    const flags = read.u16(at + 8);
    const nameLength = read.u16(at + 28);
    const extraLength = read.u16(at + 30);
    const commentLength = read.u16(at + 32);
    const rawName = read.slice(at + 46, nameLength);
    // Bit 11: the name is UTF-8; otherwise it is taken byte for byte, as fflate does.
    const name = flags & 0x800 ? new TextDecoder().decode(rawName) : Buffer.from(rawName).toString('latin1');
    let compressedSize = read.u32(at + 20);
    let size = read.u32(at + 24);
    let localOffset = read.u32(at + 42);
    const wanted = { size: size === 0xffffffff, compressed: compressedSize === 0xffffffff, offset: localOffset === 0xffffffff };
    if (wanted.size || wanted.compressed || wanted.offset) {
      const values = zip64Values(read.slice(at + 46 + nameLength, extraLength), wanted);
      size = values.size ?? size;
      compressedSize = values.compressed ?? compressedSize;
      localOffset = values.offset ?? localOffset;
    }
    if (read.u32(localOffset) !== LOCAL_HEADER) throw new ZipFormatError(`the data of ${name} is not where the directory says`);
    const dataOffset = localOffset + 30 + read.u16(localOffset + 26) + read.u16(localOffset + 28);
    read.slice(dataOffset, compressedSize);
    entries.push({
      name,
      method: read.u16(at + 10),
      encrypted: (flags & 1) === 1,
      crc32: read.u32(at + 16),
      compressedSize,
      size,
      dataOffset,
    });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}
