import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { givenParseInput } from '../../../../test/support/parse-input.ts';
import { describeWithSharedData, hasSharedData, SHARED_DATA } from '../../../../test/support/shared-data.ts';
import { PRICE_PARSERS } from '#ingest/formats/all-parsers/price-parsers';

/** The price format of each real file of the shared corpus (detect-formats.unit.spec.ts checks who claims them). */
function expectedFormat(relative: string): string | null {
  if (relative === 'prices_daily/nifty50_2000_2020/stock_metadata.csv') return null;
  if (relative.startsWith('prices_daily/nifty50_2000_2020/')) return 'nse-daily-history';
  if (relative.startsWith('prices_intraday/nse_5min_2023-07_2024-06/')) return 'nse-intraday-bars';
  if (relative.startsWith('prices_intraday/nse_getquote_snapshots_2019-11/')) return 'nse-quote-snapshot';
  const bhavcopy: Readonly<Record<string, string>> = {
    'bhavcopy/cm06JAN2021bhav.csv': 'nse-cm-bhavcopy',
    'bhavcopy/sec_bhavdata_full.csv': 'nse-full-bhavcopy',
    'bhavcopy/sec_bhavdata_full_01Dec2022bhav.csv': 'nse-full-bhavcopy',
    'bhavcopy/01-01-2018-TO-31-12-2018AARONALLN.csv': 'nse-security-history',
    'bhavcopy/01-01-2018-TO-31-12-20183MINDIAALLN.csv': 'nse-security-history',
    'bhavcopy/EQ060521.CSV': 'bse-equity-bhavcopy',
  };
  return bhavcopy[relative] ?? null;
}

function filesUnder(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const full = path.join(folder, name);
    if (statSync(full).isDirectory()) return filesUnder(full);
    return name.endsWith('.md') ? [] : [full];
  });
}

const corpus = hasSharedData ? filesUnder(SHARED_DATA).map((file) => path.relative(SHARED_DATA, file).split(path.sep).join('/')) : [];
const priceFiles = corpus.filter((relative) => expectedFormat(relative) !== null);

describeWithSharedData('the real price files', () => {
  it('finds every real price file', () => {
    expect(priceFiles).toHaveLength(6 + 50 + 10 + 2);
  });

  it.each(priceFiles)('parses %s without a rejection', (relative) => {
    const parser = PRICE_PARSERS.find((p) => p.format === expectedFormat(relative));
    const outcome = parser?.parse(givenParseInput(readFileSync(path.join(SHARED_DATA, relative)), { fileName: path.basename(relative) }));
    expect(outcome?.ok, outcome && !outcome.ok ? outcome.reason : relative).toBe(true);
  });
});

describeWithSharedData('the source of the real price files', () => {
  /** The source URL and file name each price event of a real file states. */
  const sourcesOf = (relative: string) => {
    const parser = PRICE_PARSERS.find((p) => p.format === expectedFormat(relative));
    const outcome = parser?.parse(givenParseInput(readFileSync(path.join(SHARED_DATA, relative)), { fileName: path.basename(relative) }));
    if (!outcome?.ok) throw new Error(`${relative} was not parsed`);
    return [...new Set(outcome.events.map((event) => JSON.stringify([event.metadata.sourceUrl, event.metadata.sourceFile])))].map(
      (text) => JSON.parse(text) as [string | null, string | null],
    );
  };

  it.each([
    // TIMESTAMP 06-JAN-2021 (SOURCES.md: byte-identical to the CSV in NSE's zip of that name).
    ['bhavcopy/cm06JAN2021bhav.csv', 'https://archives.nseindia.com/content/historical/EQUITIES/2021/JAN/cm06JAN2021bhav.csv.zip'],
    // DATE1 30-Aug-2019: the file was saved without its date; NSE's name carries it.
    ['bhavcopy/sec_bhavdata_full.csv', 'https://archives.nseindia.com/products/content/sec_bhavdata_full_30082019.csv'],
    // DATE1 01-Dec-2022, renamed by the repository it came from.
    ['bhavcopy/sec_bhavdata_full_01Dec2022bhav.csv', 'https://archives.nseindia.com/products/content/sec_bhavdata_full_01122022.csv'],
    // BSE states the day (6 May 2021) only in the name.
    ['bhavcopy/EQ060521.CSV', 'https://www.bseindia.com/download/BhavCopy/Equity/EQ060521_CSV.ZIP'],
  ])("names the exchange's URL of the one day %s holds, and its file name", (relative, url) => {
    expect(sourcesOf(relative)).toEqual([[url, path.basename(relative)]]);
  });

  it.each([
    'bhavcopy/01-01-2018-TO-31-12-2018AARONALLN.csv',
    'prices_daily/nifty50_2000_2020/RELIANCE.csv',
    'prices_intraday/nse_5min_2023-07_2024-06/RELIANCE.csv',
    'prices_intraday/nse_getquote_snapshots_2019-11/RELIANCE.csv',
  ])('names no URL for %s, whose source has none known, only its file name', (relative) => {
    expect(sourcesOf(relative)).toEqual([[null, path.basename(relative)]]);
  });
});
