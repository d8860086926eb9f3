import { createHash } from 'node:crypto';
import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import type { IngestLimits } from '#platform/config/config';
import { uploadedInputs } from './uploaded-inputs.ts';

const KiB = 1024;
const LIMITS: IngestLimits = { maxDocumentBytes: 64 * KiB, maxArchiveBytes: 128 * KiB, maxCompressionRatio: 100, maxArchiveEntries: 1_000 };
const CSV = strToU8('SYMBOL,SERIES\nRELIANCE,EQ\n');
const STATED = {
  sourceUrl: 'https://nsearchives.nseindia.com/content/historical/EQUITIES/2021/JAN/cm06JAN2021bhav.csv.zip',
  knownAt: '2021-01-06T18:05:00+05:30',
  attributes: { http_status: 200 },
};

describe('uploadedInputs: an upload as the files readInputs makes of the same bytes', () => {
  it('is one file with the stated URL and time, its provenance under relay', async () => {
    const { files, problems } = uploadedInputs({ bytes: CSV, fileName: 'a.csv', ...STATED }, LIMITS);
    expect(problems).toEqual([]);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatchObject({
      fileName: 'a.csv',
      sourceUrl: STATED.sourceUrl,
      knownAt: STATED.knownAt,
      attributes: { relay: { http_status: 200 } },
    });
    expect(await files[0]?.read()).toBe(CSV);
  });

  it("opens a zip: each member named archive.zip/member, with the archive's URL and time", () => {
    const { files, problems } = uploadedInputs(
      { bytes: zipSync({ 'a.csv': CSV, 'empty.csv': new Uint8Array(0) }), fileName: 'x.zip', ...STATED },
      LIMITS,
    );
    expect(files.map((file) => [file.fileName, file.sourceUrl, file.knownAt])).toEqual([['x.zip/a.csv', STATED.sourceUrl, STATED.knownAt]]);
    expect(problems).toEqual([{ where: 'upload x.zip:empty.csv', message: 'an empty file (0 bytes): nothing to ingest' }]);
  });

  it('refuses a zip over a limit, unexpanded, and a body over the document limit, unread', () => {
    const bomb = zipSync({ 'zeros.csv': new Uint8Array(2 * 1024 * KiB) });
    const [refused] = uploadedInputs({ bytes: bomb, fileName: 'bomb.zip' }, LIMITS).files;
    expect(refused?.refusal).toMatchObject({ rule: `zip-entry-bytes>${LIMITS.maxDocumentBytes}`, byteLength: bomb.length });
    const large = new Uint8Array(LIMITS.maxDocumentBytes + 1);
    const [over] = uploadedInputs({ bytes: large, fileName: 'large.csv' }, LIMITS).files;
    expect(over?.refusal).toMatchObject({
      documentId: createHash('sha256').update(large).digest('hex'),
      rule: `document-bytes>${LIMITS.maxDocumentBytes}`,
    });
  });

  it('keeps a zip it cannot read as a document of its own, and has nothing for an empty body', () => {
    const broken = zipSync({ 'a.csv': CSV }).slice(0, 40);
    const kept = uploadedInputs({ bytes: broken, fileName: 'broken.zip' }, LIMITS);
    expect(kept.files.map((file) => file.fileName)).toEqual(['broken.zip']);
    expect(kept.problems[0]?.message).toMatch(/^the zip archive cannot be read/);
    expect(uploadedInputs({ bytes: new Uint8Array(0), fileName: 'a.csv' }, LIMITS)).toEqual({
      files: [],
      problems: [{ where: 'upload a.csv', message: 'an empty file (0 bytes): nothing to ingest' }],
    });
  });
});
