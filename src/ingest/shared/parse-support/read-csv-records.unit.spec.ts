import { describe, expect, it, vi } from 'vitest';
import { type CsvRecord, csvRecordBatches } from './read-csv-records.ts';

const bytes = (text: string) => new TextEncoder().encode(text);

/** Every batch the reader yields, and what it ends with. */
function readAll(text: string, batching: { batchRows?: number; chunkChars?: number }) {
  const batches: (readonly CsvRecord[])[] = [];
  const reader = csvRecordBatches(bytes(text), batching);
  let next = reader.next();
  for (; !next.done; next = reader.next()) batches.push(next.value);
  return { batches, end: next.value };
}

describe('csvRecordBatches', () => {
  it('reads a large file in batches of at most the batch size, each handed over before the text after it is read', () => {
    const rows = Array.from({ length: 2_500 }, (_, i) => `SYM${i},EQ,${i}.5`);
    const text = `SYMBOL,SERIES,CLOSE\n${rows.join('\n')}\n`;
    const chunks = vi.spyOn(Buffer, 'from');
    const reader = csvRecordBatches(bytes(text), { batchRows: 100, chunkChars: 1_000 });
    const first = reader.next();
    // The first batch comes from the first two chunks (of 37): the rest of the text is not parsed yet.
    const textChunks = chunks.mock.calls.filter(([arg]) => typeof arg === 'string' && arg.length === 1_000);
    expect(textChunks).toHaveLength(2);
    chunks.mockRestore();
    expect(first.done).toBe(false);
    expect(first.value).toHaveLength(100);
    expect((first.value as readonly CsvRecord[])[0]).toEqual({ line: 1, cells: ['SYMBOL', 'SERIES', 'CLOSE'] });
    const { batches, end } = readAll(text, { batchRows: 100, chunkChars: 1_000 });
    expect(batches.map((b) => b.length)).toEqual([...Array<number>(25).fill(100), 1]);
    expect(batches.flat().at(-1)).toEqual({ line: 2_501, cells: ['SYM2499', 'EQ', '2499.5'] });
    expect(end).toEqual({ problems: [] });
  });

  it('reads records cut across chunks as a whole: quoted cells over lines, a character outside the BMP, an unclosed quote', () => {
    const text = '\uFEFFa,b\r\n1,"x\ny"\r\n"𝄞 clef",3,\r\n\r\n4,5\r\n6,"7\n';
    const whole = readAll(text, {});
    expect(whole.batches.flat()).toEqual([
      { line: 1, cells: ['a', 'b'] },
      { line: 2, cells: ['1', 'x\ny'] },
      { line: 4, cells: ['𝄞 clef', '3', ''] },
      { line: 6, cells: ['4', '5'] },
    ]);
    expect(whole.end.problems).toEqual([{ where: 'line 7', message: expect.stringContaining('Quote Not Closed') }]);
    for (const chunkChars of [1, 2, 3, 5, 8])
      expect(readAll(text, { chunkChars, batchRows: 2 }).batches.flat()).toEqual(whole.batches.flat());
  });

  it('yields nothing for an empty file', () => {
    expect(readAll('', {})).toEqual({ batches: [], end: { problems: [] } });
  });
});
