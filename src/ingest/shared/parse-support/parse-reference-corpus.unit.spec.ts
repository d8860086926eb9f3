import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { givenParseInput } from '../../../../test/support/parse-input.ts';
import { describeWithSharedData, SHARED_DATA } from '../../../../test/support/shared-data.ts';
import { parserRegistry } from '#ingest/formats/all-parsers/all-parsers';

/** The real reference-data and corporate-action files; detect-formats.unit.spec.ts checks who claims them. */
const REAL_FILES: Readonly<Record<string, string>> = {
  'master/EQUITY_L.csv': 'nse-equity-master',
  'master/2022-04/EQUITY_L.csv': 'nse-equity-master',
  'master/Equity.csv': 'bse-scrip-list',
  'master/ListOfScrips.csv': 'bse-scrip-list',
  'indices/ind_nifty50list.csv': 'nifty-index-list',
  'indices/ind_nifty500list.csv': 'nifty-index-list',
  'indices/ind_nifty500list_2020-05.csv': 'nifty-index-list',
  'corporate_actions/Corporate_Actions.csv': 'bse-corporate-actions',
  'corporate_actions/corporate_actions_20260701_180450.json': 'bse-corporate-actions-json',
  'prices_daily/nifty50_2000_2020/stock_metadata.csv': 'nifty-index-list',
};

describeWithSharedData('the real reference-data and corporate-action files', () => {
  it.each(Object.entries(REAL_FILES))('%s parses as %s without a rejection', (relative, format) => {
    const outcome = parserRegistry
      .byFormat(format)
      ?.parse(givenParseInput(readFileSync(path.join(SHARED_DATA, relative)), { fileName: path.basename(relative) }));
    expect(outcome?.ok, outcome && !outcome.ok ? outcome.reason : relative).toBe(true);
  });
});
