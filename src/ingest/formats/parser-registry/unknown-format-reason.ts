import { headOf, type Parser } from '#ingest/shared/parser';
import { headerCells, normaliseHeaderCell } from '#ingest/shared/parse-support';

/** How many of the first bytes are looked at for UTF-16: a few hundred characters. */
const SAMPLE_BYTES = 1024;

/**
 * Whether the bytes are UTF-16 text, and of which byte order: a byte-order mark (FF FE,
 * FE FF), or, without one, text whose every other byte is NUL (ASCII in UTF-16, as Excel's
 * "Unicode text" saves it). UTF-8 and Windows-1252 text have no NUL bytes at all.
 */
export function utf16Of(bytes: Uint8Array): 'utf-16le' | 'utf-16be' | undefined {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return 'utf-16le';
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return 'utf-16be';
  const pairs = Math.floor(Math.min(bytes.length, SAMPLE_BYTES) / 2);
  if (pairs < 4) return undefined;
  let oddNul = 0;
  let evenNul = 0;
  for (let i = 0; i < pairs; i++) {
    if (bytes[2 * i] === 0 && bytes[2 * i + 1] !== 0) evenNul++;
    if (bytes[2 * i + 1] === 0 && bytes[2 * i] !== 0) oddNul++;
  }
  if (oddNul >= pairs * 0.8) return 'utf-16le';
  if (evenNul >= pairs * 0.8) return 'utf-16be';
  return undefined;
}

/** A format whose header columns the file's first line partly holds: the most of them, at least half and two. */
function resembledFormat(parsers: readonly Parser[], cells: readonly string[]) {
  let best: { parser: Parser; missing: readonly string[]; share: number } | undefined;
  for (const parser of parsers) {
    const layout = parser.layout;
    if (!layout || layout.length === 0) continue;
    const missing = layout.filter((column) => !cells.includes(normaliseHeaderCell(column)));
    const present = layout.length - missing.length;
    const share = present / layout.length;
    if (missing.length === 0 || present < 2 || share < 0.5) continue;
    if (!best || share > best.share) best = { parser, missing, share };
  }
  return best;
}

const named = (parser: Parser) => `${parser.description} (${parser.format})`;

/**
 * Why no parser took a document, as specifically as its bytes allow: UTF-16 text (with the
 * format it reads as once decoded, if any), a header that resembles a known format's but
 * lacks some of its columns (named), or else not in a known format, with the formats known.
 */
export function unknownFormatReason(parsers: readonly Parser[], fileName: string, bytes: Uint8Array): string {
  const utf16 = utf16Of(bytes);
  if (utf16) {
    const decoded = new TextDecoder(utf16).decode(bytes.subarray(0, 16 * 1024)).replace(/^\uFEFF/, '');
    const reads = parsers.find((parser) => parser.detect(fileName, decoded));
    const as = reads ? `, which reads as ${named(reads)} once decoded` : '';
    return `UTF-16 text (${utf16.toUpperCase()})${as}: only UTF-8 (or Windows-1252) text is read; save it as UTF-8 (Excel: "CSV UTF-8") and ingest it again`;
  }
  const resembled = resembledFormat(parsers, headerCells(headOf(bytes)));
  if (resembled) {
    const columns = `column${resembled.missing.length === 1 ? '' : 's'} ${resembled.missing.join(', ')}`;
    return `looks like ${named(resembled.parser)} but its header lacks the ${columns}: not in a known format's layout`;
  }
  return `not in a known format (${parsers.map((p) => p.format).join(', ')})`;
}
