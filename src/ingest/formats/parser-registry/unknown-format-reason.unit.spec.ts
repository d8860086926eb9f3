import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../../../test/support/parse-input.ts';
import { prepareDocument } from '#ingest/pipeline/prepare-document';
import { UNKNOWN_FORMAT } from '#ingest/pipeline/receive-document';
import { parserRegistry } from '#ingest/formats/all-parsers/all-parsers';
import { unknownFormatReason, utf16Of } from './unknown-format-reason.ts';

const BHAVCOPY = readFileSync(path.join(REPO_ROOT, 'fixtures/nse-cm-bhavcopy/cm06JAN2021bhav.csv'), 'latin1')
  .split('\n')
  .slice(0, 20)
  .join('\n');
const parsers = parserRegistry.parsers;

const utf16le = (text: string, bom: boolean) =>
  Buffer.concat([bom ? Buffer.from([0xff, 0xfe]) : Buffer.alloc(0), Buffer.from(text, 'utf16le')]);
const utf16be = (text: string) => Buffer.from(utf16le(text, true).swap16());

describe('why no parser took a document', () => {
  it('says UTF-16, with or without a byte-order mark, and what the text reads as once decoded', () => {
    expect(utf16Of(utf16le(BHAVCOPY, true))).toBe('utf-16le');
    expect(utf16Of(utf16be(BHAVCOPY))).toBe('utf-16be');
    expect(utf16Of(utf16le(BHAVCOPY, false))).toBe('utf-16le');
    expect(utf16Of(Buffer.from(BHAVCOPY))).toBeUndefined();
    for (const bytes of [utf16le(BHAVCOPY, true), utf16le(BHAVCOPY, false), utf16be(BHAVCOPY)]) {
      const reason = unknownFormatReason(parsers, 'cm06JAN2021bhav.csv', bytes);
      expect(reason).toMatch(/^UTF-16 text \(UTF-16[LB]E\), which reads as .*\(nse-cm-bhavcopy\) once decoded: .*save it as UTF-8/);
    }
    expect(unknownFormatReason(parsers, 'notes.txt', utf16le('hello, world\r\n', true))).toMatch(
      /^UTF-16 text \(UTF-16LE\): .*save it as UTF-8/,
    );
  });

  it('names the format a header resembles and the columns it lacks', () => {
    const renamed = BHAVCOPY.replace('TOTTRDQTY', 'QTY').replace(',ISIN,', ',ISIN_CODE,');
    expect(unknownFormatReason(parsers, 'cm06JAN2021bhav.csv', Buffer.from(renamed))).toMatch(
      /^looks like .*\(nse-cm-bhavcopy\) but its header lacks the columns TOTTRDQTY, ISIN: /,
    );
    expect(unknownFormatReason(parsers, 'x.csv', Buffer.from(BHAVCOPY.replace('TOTTRDQTY', 'QTY')))).toMatch(
      /\(nse-cm-bhavcopy\) but its header lacks the column TOTTRDQTY: /,
    );
  });

  it('says not in a known format for anything else', () => {
    expect(unknownFormatReason(parsers, 'x.csv', Buffer.from('NAME,AGE\nA,1\n'))).toMatch(/^not in a known format \(.*nse-cm-bhavcopy/);
  });

  it('is the reason of the rejection of a document of no known format', async () => {
    const outcome = await prepareDocument(
      parserRegistry,
      {
        documentId: 'a'.repeat(64),
        bytes: utf16le(BHAVCOPY, true),
        fileName: 'cm06JAN2021bhav.csv',
        contentType: 'text/csv',
        format: UNKNOWN_FORMAT,
        sourceUrl: null,
        knownAt: null,
        receivedAt: '2021-01-06T12:00:00.000Z',
        attributes: {},
      },
      undefined,
      { resolve: () => undefined } as never,
    );
    expect(outcome.outcome).toMatchObject({ status: 'rejected', format: UNKNOWN_FORMAT });
    expect(outcome.outcome.reason).toMatch(/^UTF-16 text \(UTF-16LE\), which reads as/);
  });
});
