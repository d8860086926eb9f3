import { isUtf8 } from 'node:buffer';
import type { Problem } from './parser.ts';

const utf8 = new TextDecoder('utf-8');

// Windows-1252 is Latin-1 with typographic characters (’ “ ” – € …) where Latin-1 has C1
// controls, 0x80-0x9F; the five bytes it leaves undefined stay those controls. Node's own
// TextDecoder('windows-1252') decodes as plain Latin-1 (nodejs/node#56542), hence the table.
const WINDOWS_1252_HIGH = '€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008DŽ\u008F\u0090‘’“”•–—˜™š›œ\u009DžŸ';

/** Bytes as Windows-1252: every byte is a character, so nothing becomes U+FFFD. */
function windows1252(bytes: Uint8Array): string {
  const latin1 = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
  return latin1.replace(/[\u0080-\u009f]/g, (c) => WINDOWS_1252_HIGH[c.charCodeAt(0) - 0x80] ?? c);
}

/** The length a UTF-8 sequence starting with this byte has; 0 for a byte no sequence starts with. */
const sequenceLength = (lead: number) =>
  lead >= 0xc2 && lead <= 0xdf ? 2 : lead >= 0xe0 && lead <= 0xef ? 3 : lead >= 0xf0 && lead <= 0xf4 ? 4 : 0;

/** The line and offset of the first byte that breaks UTF-8, for the note. */
function firstInvalidUtf8(bytes: Uint8Array): { line: number; offset: number } {
  let line = 1;
  for (let i = 0; i < bytes.length;) {
    const byte = bytes[i] as number;
    if (byte < 0x80) {
      if (byte === 0x0a) line += 1;
      i += 1;
      continue;
    }
    const length = sequenceLength(byte);
    // The native check of the one sequence also refuses overlong forms and surrogates.
    if (length === 0 || !isUtf8(bytes.subarray(i, i + length)) || i + length > bytes.length) return { line, offset: i };
    i += length;
  }
  return { line, offset: bytes.length };
}

/**
 * Bytes as text, the one decoding every text format uses: UTF-8 when the bytes are valid
 * UTF-8 (exchange files are ASCII in practice), else Windows-1252, what a Windows
 * spreadsheet writes for Latin-1 text; a byte-order mark is dropped. The choice is made
 * for the whole document, never per line, and the pipeline notes it in the document's
 * outcome (encodingNote): no byte silently becomes U+FFFD.
 */
export function decodeText(bytes: Uint8Array): string {
  return (isUtf8(bytes) ? utf8.decode(bytes) : windows1252(bytes)).replace(/^\uFEFF/, '');
}

/** The problem that says a text document was not UTF-8 and was read as Windows-1252; none for UTF-8. */
export function encodingNote(bytes: Uint8Array): Problem | undefined {
  if (isUtf8(bytes)) return undefined;
  const { line, offset } = firstInvalidUtf8(bytes);
  return {
    where: `line ${line} (byte ${offset})`,
    message: 'not valid UTF-8 (the first bad byte is here): the whole document was read as Windows-1252 (Latin-1) instead',
  };
}
