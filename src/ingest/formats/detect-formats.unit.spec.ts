import { closeSync, openSync, readdirSync, readSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../../test/support/parse-input.ts';
import { describeWithSharedData, hasSharedData, SHARED_DATA } from '../../../test/support/shared-data.ts';
import { ALL_PARSERS } from '#ingest/formats/all-parsers/all-parsers';
import { headOf } from '#ingest/shared/parser/file-head';

const FIXTURES = path.join(REPO_ROOT, 'fixtures');

/** Every file below a folder but the notes, as paths relative to it with forward slashes. */
function filesUnder(root: string, folder = root): string[] {
  return readdirSync(folder).flatMap((name) => {
    const full = path.join(folder, name);
    if (statSync(full).isDirectory()) return filesUnder(root, full);
    return name.endsWith('.md') ? [] : [path.relative(root, full).split(path.sep).join('/')];
  });
}

/** The first 16 KB of a file: all that detection sees. */
function headOfFile(file: string): string {
  const buffer = new Uint8Array(16 * 1024);
  const fd = openSync(file, 'r');
  try {
    return headOf(buffer.subarray(0, readSync(fd, buffer, 0, buffer.length, 0)));
  } finally {
    closeSync(fd);
  }
}

/** The formats that claim a file; exactly one for a file of a known format, none otherwise. */
const claimants = (root: string, relative: string) => {
  const head = headOfFile(path.join(root, relative));
  return ALL_PARSERS.filter((parser) => parser.detect(path.basename(relative), head)).map((parser) => parser.format);
};

/** The format of each file of the shared corpus, by where it lies; null for files no parser reads. */
const REAL_FORMATS: ReadonlyArray<readonly [RegExp, string | null]> = [
  [/^master\/(.+\/)?EQUITY_L\.csv$/, 'nse-equity-master'],
  [/^master\/(Equity|ListOfScrips)\.csv$/, 'bse-scrip-list'],
  [/^indices\/ind_nifty[\w-]+\.csv$/, 'nifty-index-list'],
  // The NIFTY 50 list of May 2020 (old industry names) saved beside the price history.
  [/^prices_daily\/nifty50_2000_2020\/stock_metadata\.csv$/, 'nifty-index-list'],
  [/^prices_daily\/nifty50_2000_2020\/[^/]+\.csv$/, 'nse-daily-history'],
  [/^prices_intraday\/nse_5min_2023-07_2024-06\//, 'nse-intraday-bars'],
  [/^prices_intraday\/nse_getquote_snapshots_2019-11\//, 'nse-quote-snapshot'],
  [/^bhavcopy\/cm\d{2}[A-Z]{3}\d{4}bhav\.csv$/, 'nse-cm-bhavcopy'],
  [/^bhavcopy\/sec_bhavdata_full/, 'nse-full-bhavcopy'],
  [/^bhavcopy\/\d{2}-\d{2}-\d{4}-TO-\d{2}-\d{2}-\d{4}\w+ALLN\.csv$/, 'nse-security-history'],
  [/^bhavcopy\/EQ\d{6}\.CSV$/, 'bse-equity-bhavcopy'],
  [/^corporate_actions\/Corporate_Actions\.csv$/, 'bse-corporate-actions'],
  [/^corporate_actions\/corporate_actions_\d+_\d+\.json$/, 'bse-corporate-actions-json'],
  [/^(nse_filings\/index|xbrl_results\/nse_results_index|xbrl_results\/nse_integrated_index)\/[^/]+\.json$/, 'nse-results-listing'],
  [/^(nse_filings\/xbrl\/[^/]+|xbrl_results)\/[^/]+\.xml$/, 'nse-results-xbrl'],
  [/^shareholding\/quarterly_summary_tv\/[^/]+\.csv$/, 'shareholding-summary'],
  [/^shareholding\/all_shp_data_raw\.json$/, 'shareholding-detailed'],
  [/^announcements\/BSE_[\d-_]+\.csv$/, 'bse-announcements'],
  [/^insider\/CF-Insider-Trading-equities-[\d-]+-to-[\d-]+\.csv$/, 'nse-insider-trading'],
  [/^documents\/.+(\.pdf|__raw_ocr_output\.txt)$/, 'document-text'],
];

const realFormatOf = (relative: string) => REAL_FORMATS.find(([pattern]) => pattern.test(relative))?.[1] ?? null;

describe('format detection', () => {
  it('names every format once', () => {
    expect(new Set(ALL_PARSERS.map((p) => p.format)).size).toBe(ALL_PARSERS.length);
  });

  it('claims each fixture by the format its folder is named after, and by no other', () => {
    const fixtures = filesUnder(FIXTURES);
    const wrong = fixtures.flatMap((relative) => {
      const claimed = claimants(FIXTURES, relative);
      const expected = relative.split('/')[0] ?? '';
      return claimed.length === 1 && claimed[0] === expected ? [] : [{ file: relative, claimed, expected }];
    });
    expect(wrong).toEqual([]);
    // Every format has fixtures.
    expect(new Set(fixtures.map((f) => f.split('/')[0]))).toEqual(new Set(ALL_PARSERS.map((p) => p.format)));
  });
});

describeWithSharedData('format detection over the whole real corpus', () => {
  const corpus = hasSharedData ? filesUnder(SHARED_DATA) : [];

  it('claims each real file by its own format alone, and leaves files of no known format unclaimed', () => {
    const wrong = corpus.flatMap((relative) => {
      const claimed = claimants(SHARED_DATA, relative);
      const expected = realFormatOf(relative);
      return claimed.join(',') === (expected ?? '') ? [] : [{ file: relative, claimed, expected }];
    });
    expect(wrong).toEqual([]);
    const counts: Record<string, number> = {};
    for (const relative of corpus) {
      const format = realFormatOf(relative) ?? 'none';
      counts[format] = (counts[format] ?? 0) + 1;
    }
    expect(counts).toMatchObject({
      'nse-results-xbrl': 3520 + 28,
      'nse-results-listing': 71 + 9 + 1,
      'shareholding-summary': 477,
      'document-text': 15,
    });
    // It reads the head of each of the corpus's 4,000 files: seconds on a busy machine.
  }, 60_000);
});
