import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { fixture } from '../../../test/support/parse-input.ts';
import { describeWithSharedData, SHARED_DATA } from '../../../test/support/shared-data.ts';
import { bseCorporateActionsJsonParser } from '../bse-corporate-actions-json/parser.ts';
import { bseCorporateActionsParser } from '../bse-corporate-actions/parser.ts';
import { bseScripListParser } from '../bse-scrip-list/parser.ts';
import { niftyIndexListParser } from '../nifty-index-list/parser.ts';
import { nseCorporateActionsParser } from '../nse-corporate-actions/parser.ts';
import { nseEquityMasterParser } from '../nse-equity-master/parser.ts';
import { headOf } from '../parser-registry.ts';

const PARSERS = [
  nseEquityMasterParser,
  bseScripListParser,
  niftyIndexListParser,
  bseCorporateActionsParser,
  bseCorporateActionsJsonParser,
  nseCorporateActionsParser,
];

/** The formats that claim a file: exactly one for these formats' files, none for others. */
const claimants = (fileName: string, bytes: Uint8Array) =>
  PARSERS.filter((parser) => parser.detect(fileName, headOf(bytes))).map((parser) => parser.format);

describe('detection across the reference-data and corporate-action formats', () => {
  it.each([
    ['nse-equity-master/EQUITY_L.csv', 'nse-equity-master'],
    ['nse-equity-master/EQUITY_L_2022-04.csv', 'nse-equity-master'],
    ['bse-scrip-list/Equity.csv', 'bse-scrip-list'],
    ['bse-scrip-list/ListOfScrips.csv', 'bse-scrip-list'],
    ['nifty-index-list/ind_nifty50list.csv', 'nifty-index-list'],
    ['nifty-index-list/ind_nifty500list.csv', 'nifty-index-list'],
    ['nifty-index-list/ind_nifty500list_2020-05.csv', 'nifty-index-list'],
    ['bse-corporate-actions/Corporate_Actions.csv', 'bse-corporate-actions'],
    ['bse-corporate-actions-json/corporate_actions_20260701_180450.json', 'bse-corporate-actions-json'],
    ['nse-corporate-actions/CF-CA-equities-constructed.csv', 'nse-corporate-actions'],
  ])('%s is claimed by %s alone', (file, format) => {
    expect(claimants(path.basename(file), fixture(file))).toEqual([format]);
  });
});

/** Which of these formats each real file is; every other file of the corpus is none of them. */
const REAL_FORMATS: Readonly<Record<string, string>> = {
  'master/EQUITY_L.csv': 'nse-equity-master',
  'master/2022-04/EQUITY_L.csv': 'nse-equity-master',
  'master/Equity.csv': 'bse-scrip-list',
  'master/ListOfScrips.csv': 'bse-scrip-list',
  'indices/ind_nifty50list.csv': 'nifty-index-list',
  'indices/ind_nifty500list.csv': 'nifty-index-list',
  'indices/ind_nifty500list_2020-05.csv': 'nifty-index-list',
  'corporate_actions/Corporate_Actions.csv': 'bse-corporate-actions',
  'corporate_actions/corporate_actions_20260701_180450.json': 'bse-corporate-actions-json',
  // The NIFTY 50 list of May 2020 (old industry names) saved beside a price dataset.
  'prices_daily/nifty50_2000_2020/stock_metadata.csv': 'nifty-index-list',
};

function filesUnder(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const full = path.join(folder, name);
    if (statSync(full).isDirectory()) return filesUnder(full);
    return name.endsWith('.md') ? [] : [full];
  });
}

describeWithSharedData('detection over the whole real corpus', () => {
  it('claims each real file of these formats once, and no other file', () => {
    const wrong = filesUnder(SHARED_DATA).flatMap((file) => {
      const relative = path.relative(SHARED_DATA, file).split(path.sep).join('/');
      const claimed = claimants(path.basename(file), readFileSync(file)).join(',') || null;
      const expected = REAL_FORMATS[relative] ?? null;
      return claimed === expected ? [] : [{ file: relative, claimed, expected }];
    });
    expect(wrong).toEqual([]);
  });

  it('parses every real file of these formats without a rejection', () => {
    for (const [relative, format] of Object.entries(REAL_FORMATS)) {
      const parser = PARSERS.find((p) => p.format === format);
      const bytes = readFileSync(path.join(SHARED_DATA, relative));
      const outcome = parser?.parse({
        bytes,
        fileName: path.basename(relative),
        sha256: '0'.repeat(64),
        sourceUrl: null,
        knownAt: null,
        receivedAt: '2026-01-01T00:00:00.000Z',
        attributes: {},
        contextKey: '',
        companies: { resolve: () => null },
      });
      expect(outcome?.ok, relative).toBe(true);
    }
  });
});
