import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { PRICE_PART_CANDLES } from '#schemas/events';
import { parserRegistry } from '#ingest/formats/all-parsers/all-parsers';
import { bigBhavcopy } from '../../../test/support/big-bhavcopy.ts';
import { createParsePool } from './parse-pool.ts';
import type { RawDocument } from './raw-documents.ts';
import { makeSpillFolder, removeSpillFolder, SPILL_EVENT_TEXT, spilledParts } from './spilled-events.ts';

const MiB = 1024 * 1024;
const HEAP_MB = 48;

// Held whole in the thread (the candles, then the events), an 8 MiB bhavcopy ran a thread of a
// 48 MB heap out of memory, as it did before parses were made a part at a time (seen both ways);
// made and spilled a part at a time, it fits.
describe(`a valid 8 MiB bhavcopy parsed in a thread of ${HEAP_MB} MB heap`, () => {
  const pool = createParsePool({ threads: 1, parsers: parserRegistry, maxHeapMb: HEAP_MB });
  const folders: string[] = [];
  afterAll(async () => {
    await pool.close();
    for (const folder of folders) await removeSpillFolder(folder);
  });

  it('parses, its events made a part at a time into a file and read back in order', async () => {
    const bytes = bigBhavcopy(8 * MiB);
    const rows = new TextDecoder().decode(bytes).trimEnd().split('\n').length - 1;
    const document: RawDocument = {
      documentId: createHash('sha256').update(bytes).digest('hex'),
      bytes,
      fileName: 'cm01JAN2030bhav.csv',
      contentType: 'text/csv',
      format: 'nse-cm-bhavcopy',
      sourceUrl: null,
      knownAt: null,
      receivedAt: '2030-01-01T12:00:00.000Z',
      attributes: {},
    };
    const folder = await makeSpillFolder();
    folders.push(folder);
    const spill = { path: path.join(folder, '0.jsonl'), above: SPILL_EVENT_TEXT };
    const prepared = await pool.prepare(document, undefined, { generation: 1, json: '[]' }, spill);
    const parts = Math.ceil(rows / PRICE_PART_CANDLES);
    expect(prepared.outcome).toMatchObject({ status: 'parsed', rows, events: parts, problemCount: 0, reason: null });
    expect(prepared).toMatchObject({ streams: [], spilled: spill.path });
    expect((await readFile(spill.path, 'utf8')).trimEnd().split('\n')).toHaveLength(parts);
    const numbers: number[] = [];
    for await (const part of spilledParts(spill.path, 160 * 1024)) {
      for (const { events } of part) for (const event of events) numbers.push((JSON.parse(event.data) as { part: number }).part);
    }
    expect(numbers).toEqual(Array.from({ length: parts }, (_, i) => i + 1));
  }, 120_000);
});
