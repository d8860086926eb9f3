import { describe, expect, it } from 'vitest';
import { fixture, givenParseInput } from '../../../../test/support/parse-input.ts';
import { dataOf, expectEveryEventValid, expectNoThrowOnDamagedBytes, expectParsed } from '../../../../test/support/parser-spec-kit.ts';
import { companyIdFromIsin } from '#ingest/shared/parser/company-lookup';
import type { RunFile } from '#ingest/pipeline/context-provider';
import { createResultsListingContext, nseFileNameOf } from '#ingest/pipeline/results-listing-context';
import { nseResultsListingParser } from './parser.ts';
import { readListing } from './read-listing.ts';

const acc = fixture('nse-results-listing/acc.json');
const integrated = fixture('nse-results-listing/integrated-filing-results_20250501_20250531_p01_size20.json');

function entriesOf(bytes: Uint8Array) {
  const read = readListing(bytes);
  if ('reason' in read) throw new Error(read.reason);
  return read.entries;
}

describe('NSE results listing', () => {
  it('gives each XBRL file its dissemination time (IST), URL, ISIN and basis', () => {
    const entries = entriesOf(acc);
    const original = entries.find((e) => e.fileName === 'INDAS_117817_1362652_28012025115046.xml');
    expect(original).toEqual({
      fileName: 'INDAS_117817_1362652_28012025115046.xml',
      xbrlUrl: 'https://nsearchives.nseindia.com/corporate/xbrl/INDAS_117817_1362652_28012025115046.xml',
      symbol: 'ACC',
      isin: 'INE012A01025',
      companyName: 'ACC Limited',
      basis: 'consolidated',
      fromDate: '2024-10-01',
      toDate: '2024-12-31',
      disseminatedAt: '2025-01-28T06:20:59.000Z', // exchdisstime 28-Jan-2025 11:50:59 IST
      isRevision: false,
    });
    const revised = entries.find((e) => e.fileName === 'INDAS_118350_1367750_31012025064516.xml');
    expect(revised).toMatchObject({ disseminatedAt: '2025-01-31T13:15:56.000Z', isRevision: true, basis: 'consolidated' });
    // The standalone filing of the same quarter is not a revision of the consolidated one.
    expect(entries.find((e) => e.fileName === 'INDAS_117816_1362644_28012025114918.xml')).toMatchObject({
      basis: 'standalone',
      isRevision: false,
    });
  });

  it('reads the integrated-filing listing, with revisions marked by NSE and timed by their revision date', () => {
    const entries = entriesOf(integrated);
    expect(entries).toHaveLength(20);
    expect(entries.filter((e) => e.isRevision)).toHaveLength(6);
    expect(entries.find((e) => e.fileName === 'INTEGRATED_FILING_INDAS_1461767_31052025061740_WEB.xml')).toMatchObject({
      symbol: 'SARVESHWAR',
      isin: null,
      basis: 'standalone',
      toDate: '2025-03-31',
      disseminatedAt: '2025-05-31T12:47:41.000Z', // revised_Date 31-MAY-2025 18:17:41 IST
      isRevision: true,
    });
  });

  it('registers the company it names by ISIN, with the current symbol and name', () => {
    const outcome = expectParsed(nseResultsListingParser.parse(givenParseInput(acc, { fileName: 'acc.json' })));
    expectEveryEventValid(outcome);
    expect(outcome.rows).toBe(157);
    expect(dataOf(outcome, 'CompanyRegistered')).toEqual([
      expect.objectContaining({
        companyId: companyIdFromIsin('INE012A01025'),
        name: 'ACC Limited',
        nseSymbol: 'ACC',
        isin: 'INE012A01025',
        listingStatus: 'listed',
      }),
    ]);
    expect(outcome.events[0]?.metadata.knownAt).toBe('2025-01-31T13:15:56.000Z');
    const eternal = expectParsed(nseResultsListingParser.parse(givenParseInput(fixture('nse-results-listing/eternal.json'))));
    expect(dataOf(eternal, 'CompanyRegistered')[0]).toMatchObject({ nseSymbol: 'ETERNAL', isin: 'INE758T01015' });
  });

  it('uses a listing without ISINs as context only', () => {
    const outcome = expectParsed(nseResultsListingParser.parse(givenParseInput(integrated)));
    expect(outcome.events).toEqual([]);
    expect(outcome.rows).toBe(20);
  });

  it('rejects JSON that is not a listing, with the reason', () => {
    const notJson = nseResultsListingParser.parse(givenParseInput('{"xbrl": '));
    expect(notJson.ok).toBe(false);
    if (!notJson.ok) expect(notJson.reason).toMatch(/^not a JSON listing/);
    const noFilings = nseResultsListingParser.parse(givenParseInput('[{"symbol":"ACC","xbrl":"-","exchdisstime":null}]'));
    expect(noFilings.ok).toBe(false);
    if (!noFilings.ok) expect(noFilings.reason).toBe('none of the 1 records names an XBRL document (field "xbrl" ending in .xml)');
  });

  it('never throws on damaged bytes', () => {
    expectNoThrowOnDamagedBytes(nseResultsListingParser, fixture('nse-results-listing/eternal.json'), (bytes) => givenParseInput(bytes));
  });
});

describe('listing context', () => {
  const file = (fileName: string, format: string, bytes: Uint8Array = new Uint8Array()): RunFile => ({
    fileName,
    format,
    read: async () => bytes,
  });

  it("matches archive names to NSE's file names", () => {
    expect(nseFileNameOf('acc/28Jan2025_1150_INDAS_117817_1362652_28012025115046.xml')).toBe('INDAS_117817_1362652_28012025115046.xml');
    expect(nseFileNameOf('INDAS_117817_1362652_28012025115046.xml')).toBe('INDAS_117817_1362652_28012025115046.xml');
  });

  it('gives XBRL files of the run their entry from a listing in the same run', async () => {
    const xbrl = file('acc/28Jan2025_1150_INDAS_117817_1362652_28012025115046.xml', 'nse-results-xbrl');
    const stored = async () => {
      throw new Error('stored listings are not needed when the run has the listing');
    };
    const contextOf = await createResultsListingContext(stored).prepare([file('acc.json', 'nse-results-listing', acc), xbrl]);
    expect(contextOf(xbrl)).toMatchObject({
      knownAt: '2025-01-28T06:20:59.000Z',
      sourceUrl: 'https://nsearchives.nseindia.com/corporate/xbrl/INDAS_117817_1362652_28012025115046.xml',
      attributes: { listing: { isin: 'INE012A01025', basis: 'consolidated' } },
    });
    expect(contextOf(file('acc.json', 'nse-results-listing', acc))).toBeUndefined();
  });

  it('falls back to the listings stored by earlier runs', async () => {
    const xbrl = file('INDAS_118350_1367750_31012025064516.xml', 'nse-results-xbrl');
    const contextOf = await createResultsListingContext(async () => [acc]).prepare([xbrl]);
    expect(contextOf(xbrl)).toMatchObject({ knownAt: '2025-01-31T13:15:56.000Z', attributes: { listing: { isRevision: true } } });
    const unknown = file('INDAS_1_2_3.xml', 'nse-results-xbrl');
    expect(contextOf(unknown)).toBeUndefined();
  });
});
