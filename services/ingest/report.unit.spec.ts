import { afterEach, describe, expect, it, vi } from 'vitest';
import type { IngestSummary } from '#ingest/pipeline/ingest-inputs';
import { printSummary } from './report.ts';

const summary = (rejections: IngestSummary['rejections'], inputProblems: IngestSummary['inputProblems'] = []): IngestSummary => ({
  files: rejections.length,
  stored: rejections.length,
  alreadyStored: 0,
  parsed: 0,
  rejected: rejections.length,
  unchanged: 0,
  failed: 0,
  rows: 0,
  events: 0,
  seconds: 1,
  rejections,
  inputProblems,
  documents: [],
});

/** What printSummary writes, line by line. */
function summaryLines(printed: IngestSummary): string[] {
  const log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
  printSummary(printed);
  return log.mock.calls
    .map((call) => String(call[0]))
    .join('\n')
    .split('\n');
}

describe('the ingest summary', () => {
  afterEach(() => vi.restoreAllMocks());

  it('groups 100,000 rejections by reason, with a count and a few files each, in a few lines', () => {
    const rejections = Array.from({ length: 100_000 }, (_, i) => ({
      fileName: `entry-${i}.csv`,
      reason: i % 10 === 0 ? 'UTF-16 text' : 'not in a known format',
      problems: [],
    }));
    const lines = summaryLines(summary(rejections));
    expect(lines.length).toBeLessThan(20);
    expect(lines).toContain('  90,000 × not in a known format');
    expect(lines).toContain('    entry-1.csv, entry-2.csv, entry-3.csv and 89,997 more');
    expect(lines).toContain('  10,000 × UTF-16 text');
    expect(lines).toContain('    entry-0.csv, entry-10.csv, entry-20.csv and 9,997 more');
  });

  it('lists at most 20 reasons and counts the files of the rest, and at most 20 input problems', () => {
    const rejections = Array.from({ length: 30 }, (_, i) => ({ fileName: `f${i}.csv`, reason: `reason ${i}`, problems: [] }));
    const problems = Array.from({ length: 25 }, (_, i) => ({ where: `in${i}`, message: 'unreadable' }));
    const lines = summaryLines(summary(rejections, problems));
    expect(lines.filter((line) => line.startsWith('  1 × reason'))).toHaveLength(20);
    expect(lines).toContain('  ... and 10 more files for 10 other reasons');
    expect(lines.filter((line) => line.startsWith('input '))).toHaveLength(20);
    expect(lines).toContain('... and 5 more input problems');
  });
});
