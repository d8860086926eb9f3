import { closeSync, openSync, readdirSync, readSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../../test/support/parse-input.ts';
import { describeWithSharedData, SHARED_DATA } from '../../../test/support/shared-data.ts';
import { ALL_PARSERS } from '../all-parsers.ts';
import type { Parser } from '../parser.ts';
import { headOf } from '../parser-registry.ts';
import { shareholdingDetailedParser } from '../shareholding-detailed/parser.ts';
import { shareholdingSummaryParser } from '../shareholding-summary/parser.ts';
import { shareholdingXbrlParser } from '../shareholding-xbrl/parser.ts';

const SHAREHOLDING_PARSERS: readonly Parser[] = [shareholdingSummaryParser, shareholdingDetailedParser, shareholdingXbrlParser];
const FIXTURES = path.join(REPO_ROOT, 'fixtures');

function filesUnder(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const full = path.join(folder, name);
    if (statSync(full).isDirectory()) return filesUnder(full);
    return name.endsWith('.md') ? [] : [full];
  });
}

/** The first 16 KB of a file, which is all detection sees (parser-registry's headOf). */
function headOfFile(file: string): string {
  const buffer = new Uint8Array(16 * 1024);
  const fd = openSync(file, 'r');
  try {
    return headOf(buffer.subarray(0, readSync(fd, buffer, 0, buffer.length, 0)));
  } finally {
    closeSync(fd);
  }
}

const claimants = (parsers: readonly Parser[], file: string) => {
  const head = headOfFile(file);
  return parsers.filter((parser) => parser.detect(path.basename(file), head)).map((parser) => parser.format).join(',') || null;
};

const relativeTo = (root: string, file: string) => path.relative(root, file).split(path.sep).join('/');

/** Which shareholding format a fixture is: the folder says. */
function fixtureFormat(relative: string): string | null {
  const folder = relative.split('/')[0] ?? '';
  return SHAREHOLDING_PARSERS.some((p) => p.format === folder) ? folder : null;
}

describe('detection of the shareholding formats', () => {
  const fixtures = filesUnder(FIXTURES).map((file) => relativeTo(FIXTURES, file));

  it('claims each shareholding fixture by its own format, and no other fixture', () => {
    const wrong = fixtures.flatMap((relative) => {
      const claimed = claimants(SHAREHOLDING_PARSERS, path.join(FIXTURES, relative));
      const expected = fixtureFormat(relative);
      return claimed === expected ? [] : [{ file: relative, claimed, expected }];
    });
    expect(wrong).toEqual([]);
    expect(fixtures.filter((f) => fixtureFormat(f) !== null)).toHaveLength(3 + 1 + 2);
  });

  it('leaves the shareholding fixtures unclaimed by every other parser of the service', () => {
    const mine = new Set(SHAREHOLDING_PARSERS.map((p) => p.format));
    const others = ALL_PARSERS.filter((p) => !mine.has(p.format));
    const claimed = fixtures
      .filter((relative) => fixtureFormat(relative) !== null)
      .flatMap((relative) => {
        const by = claimants(others, path.join(FIXTURES, relative));
        return by ? [{ file: relative, claimed: by }] : [];
      });
    expect(claimed).toEqual([]);
  });

  it('names each format once, at priority 5, version 1', () => {
    expect(new Set(SHAREHOLDING_PARSERS.map((p) => p.format)).size).toBe(3);
    expect(SHAREHOLDING_PARSERS.every((p) => p.priority === 5 && p.version === 1)).toBe(true);
    const known = new Set(ALL_PARSERS.map((p) => p.format));
    expect(SHAREHOLDING_PARSERS.filter((p) => known.has(p.format) && !ALL_PARSERS.includes(p))).toEqual([]);
  });
});

/** The shareholding format of each real file: the summaries and the detailed extract; nothing else. */
function realFormat(relative: string): string | null {
  if (/^shareholding\/quarterly_summary_tv\/[^/]+\.csv$/.test(relative)) return 'shareholding-summary';
  if (relative === 'shareholding/all_shp_data_raw.json') return 'shareholding-detailed';
  return null;
}

describeWithSharedData('detection of the shareholding formats over the whole real corpus', () => {
  it('claims the 477 summaries and the detailed extract, and no other file of the corpus', () => {
    const files = filesUnder(SHARED_DATA).map((file) => relativeTo(SHARED_DATA, file));
    const wrong = files.flatMap((relative) => {
      const claimed = claimants(SHAREHOLDING_PARSERS, path.join(SHARED_DATA, relative));
      const expected = realFormat(relative);
      return claimed === expected ? [] : [{ file: relative, claimed, expected }];
    });
    expect(wrong).toEqual([]);
    expect(files.filter((f) => realFormat(f) !== null)).toHaveLength(478);
  });

  it('leaves the real shareholding files unclaimed by every other parser of the service', () => {
    const mine = new Set(SHAREHOLDING_PARSERS.map((p) => p.format));
    const others = ALL_PARSERS.filter((p) => !mine.has(p.format));
    const files = filesUnder(path.join(SHARED_DATA, 'shareholding'));
    expect(files.flatMap((file) => (claimants(others, file) ? [relativeTo(SHARED_DATA, file)] : []))).toEqual([]);
  });
});
