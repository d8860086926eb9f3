import { createEventEmitter } from '#ingest/shared/parser/event-emitter';
import type { Parser, Problem } from '#ingest/shared/parser/parser';
import { companyIdFromIsin } from '#ingest/shared/parser/company-lookup';
import { createParserRegistry } from '#ingest/formats/parser-registry/parser-registry';
import { decodeText } from '#ingest/shared/parser/text-encoding';

/** An event id every `FIXED-ID` row reuses: the second stream to get it is refused. */
export const FIXED_EVENT_ID = 'f1f1f1f1-0000-4000-8000-000000000001';

/**
 * A tiny format for pipeline tests: a `TESTCSV` header line, then `ISIN,NAME` rows, each
 * registering a company. `TESTBAD` as the header is a file the parser rejects; a row
 * `THROW` makes the parser throw, as a parser bug would; `FIXED-ID,<ISIN>` reuses one event
 * id, which the store refuses in a second stream (a document that can never be appended).
 */
export const testCsvParser: Parser = {
  format: 'test-csv',
  version: 1,
  description: 'test companies',
  priority: 0,
  detect: (_name, head) => head.startsWith('TESTCSV') || head.startsWith('TESTBAD'),
  parse(input) {
    const text = decodeText(input.bytes);
    const [header, ...lines] = text.split('\n').filter((line) => line.trim() !== '');
    if (header !== 'TESTCSV') return { ok: false, reason: `expected the header TESTCSV, found ${header}`, problems: [] };
    const emitter = createEventEmitter(input, { format: 'test-csv', parserVersion: 1, source: 'test' });
    const problems: Problem[] = [];
    const events = lines.flatMap((line, i) => {
      if (line === 'THROW') throw new Error('boom');
      const fixed = line.startsWith('FIXED-ID,');
      const [isin = '', name = 'Fixed'] = (fixed ? line.slice('FIXED-ID,'.length) : line).split(',');
      if (!/^IN[A-Z0-9]{9}\d$/.test(isin)) {
        problems.push({ where: `line ${i + 2}`, message: `expected an ISIN, found "${isin}"` });
        return [];
      }
      const event = emitter.emit(
        'CompanyRegistered',
        {
          companyId: companyIdFromIsin(isin),
          name,
          cin: null,
          isin: isin as never,
          nseSymbol: null,
          bseCode: null,
          sector: null,
          industry: null,
          listingStatus: 'listed',
          listingDate: null,
        },
        isin,
      );
      return [fixed ? { ...event, id: FIXED_EVENT_ID } : event];
    });
    return { ok: true, events, rows: lines.length, problems };
  },
};

export const testParsers = createParserRegistry([testCsvParser]);
