import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { fixture, givenParseInput } from '../../../test/support/parse-input.ts';
import { describeWithSharedData, hasSharedData, SHARED_DATA } from '../../../test/support/shared-data.ts';
import { ALL_PARSERS } from '../all-parsers.ts';
import type { Parser } from '../parser.ts';
import { headOf } from '../parser-registry.ts';
import { PRICE_PARSERS } from './price-parsers.ts';

/** Every parser of the service. */
const EVERY_PARSER = ALL_PARSERS;
const claimants = (parsers: readonly Parser[], fileName: string, bytes: Uint8Array) =>
  parsers.filter((parser) => parser.detect(fileName, headOf(bytes))).map((parser) => parser.format);

describe('detection of the price formats', () => {
  it.each([
    ['nse-cm-bhavcopy/cm06JAN2021bhav.csv', 'nse-cm-bhavcopy'],
    ['nse-full-bhavcopy/sec_bhavdata_full.csv', 'nse-full-bhavcopy'],
    ['nse-full-bhavcopy/sec_bhavdata_full_01Dec2022bhav.csv', 'nse-full-bhavcopy'],
    ['nse-udiff-bhavcopy/BhavCopy_NSE_CM_0_0_0_20240708_F_0000.csv', 'nse-udiff-bhavcopy'],
    ['nse-security-history/01-01-2018-TO-31-12-2018AARONALLN.csv', 'nse-security-history'],
    ['nse-security-history/01-01-2018-TO-31-12-20183MINDIAALLN.csv', 'nse-security-history'],
    ['bse-equity-bhavcopy/EQ060521.CSV', 'bse-equity-bhavcopy'],
    ['nse-daily-history/RELIANCE.csv', 'nse-daily-history'],
    ['nse-daily-history/COALINDIA.csv', 'nse-daily-history'],
    ['nse-intraday-bars/RELIANCE.csv', 'nse-intraday-bars'],
    ['nse-intraday-bars/constructed-1m.csv', 'nse-intraday-bars'],
    ['nse-quote-snapshot/INFY.csv', 'nse-quote-snapshot'],
    ['nse-quote-snapshot/getquote-INFY-constructed.json', 'nse-quote-snapshot'],
  ])('%s is claimed by %s alone among all formats', (file, format) => {
    expect(claimants(EVERY_PARSER, path.basename(file), fixture(file))).toEqual([format]);
  });

  it('names each format once, at priority 5', () => {
    expect(new Set(PRICE_PARSERS.map((p) => p.format)).size).toBe(PRICE_PARSERS.length);
    expect(PRICE_PARSERS.every((p) => p.priority === 5)).toBe(true);
  });
});

/** The price format of each real file of the shared corpus; null for every other file. */
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

describeWithSharedData('detection and parsing over the whole real corpus', () => {
  it('claims each real price file by its own format alone, and no other file by a price format', () => {
    const wrong = corpus.flatMap((relative) => {
      const bytes = readFileSync(path.join(SHARED_DATA, relative));
      const expected = expectedFormat(relative);
      const claimed = claimants(expected ? EVERY_PARSER : PRICE_PARSERS, path.basename(relative), bytes).join(',') || null;
      return claimed === expected ? [] : [{ file: relative, claimed, expected }];
    });
    expect(wrong).toEqual([]);
    expect(priceFiles).toHaveLength(6 + 50 + 10 + 2);
  });

  it.each(priceFiles)('parses %s without a rejection', (relative) => {
    const parser = PRICE_PARSERS.find((p) => p.format === expectedFormat(relative));
    const outcome = parser?.parse(givenParseInput(readFileSync(path.join(SHARED_DATA, relative)), { fileName: path.basename(relative) }));
    expect(outcome?.ok, outcome && !outcome.ok ? outcome.reason : relative).toBe(true);
  });
});
