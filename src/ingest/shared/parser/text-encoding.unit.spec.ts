import { describe, expect, it } from 'vitest';
import { decodeText, encodingNote } from './text-encoding.ts';

const utf8 = (text: string) => new TextEncoder().encode(text);
// Latin-1 bytes as a Windows spreadsheet saves them: é is 0xE9, ’ is 0x92 (Windows-1252).
const LATIN1 = Uint8Array.from([
  ...utf8('ISIN,NAME\nINE000A01010,Soci'),
  0xe9,
  ...utf8('t'),
  0xe9,
  ...utf8(' G'),
  0xe9,
  ...utf8('n'),
  0xe9,
  ...utf8('rale\n'),
]);

describe('decodeText: the one decoding of text documents', () => {
  it('reads UTF-8 as UTF-8 and drops a byte-order mark', () => {
    expect(decodeText(utf8('\uFEFFSociété Générale ₹'))).toBe('Société Générale ₹');
    expect(encodingNote(utf8('Société Générale ₹'))).toBeUndefined();
  });

  it('reads bytes that are not UTF-8 as Windows-1252, so Latin-1 letters survive instead of becoming U+FFFD', () => {
    expect(decodeText(LATIN1)).toBe('ISIN,NAME\nINE000A01010,Société Générale\n');
    expect(decodeText(Uint8Array.from([0x92, 0x80, 0x96]))).toBe('’€–');
    expect(decodeText(LATIN1)).not.toContain('\uFFFD');
  });

  it('notes where the first byte that is not UTF-8 is, and what the document was read as', () => {
    expect(encodingNote(LATIN1)).toEqual({
      where: 'line 2 (byte 27)',
      message: 'not valid UTF-8 (the first bad byte is here): the whole document was read as Windows-1252 (Latin-1) instead',
    });
    // A sequence cut short at the end, an overlong form and a lone continuation byte.
    expect(encodingNote(Uint8Array.from([0x41, 0xe2, 0x82]))?.where).toBe('line 1 (byte 1)');
    expect(encodingNote(Uint8Array.from([0x41, 0x0a, 0xc0, 0x80]))?.where).toBe('line 2 (byte 2)');
    expect(encodingNote(Uint8Array.from([...utf8('é'), 0x80]))?.where).toBe('line 1 (byte 2)');
  });
});
