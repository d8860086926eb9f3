import { describe, expect, it } from 'vitest';
import { longestFirst, type Rank } from './longest-first-sequencer.ts';
import { readSpecDurations } from './spec-durations.ts';

describe('the order spec files run in', () => {
  const ranks: Record<string, Rank> = {
    short: { failed: false, seconds: 0.2 },
    long: { failed: false, seconds: 160 },
    middle: { failed: false, seconds: 30 },
    new: { failed: false, seconds: undefined },
    failed: { failed: true, seconds: 1 },
  };

  it('is the failed first, then the unknown, then the longest first', () => {
    expect(longestFirst(Object.keys(ranks), (name) => ranks[name] as Rank)).toEqual(['failed', 'new', 'long', 'middle', 'short']);
  });

  it('keeps the given order among files of the same rank', () => {
    const unknown: Rank = { failed: false, seconds: undefined };
    expect(longestFirst(['b', 'a', 'c'], () => unknown)).toEqual(['b', 'a', 'c']);
  });

  it("is recorded for this repository's specs, the longest of which are minutes long", () => {
    const recorded = readSpecDurations();
    expect(Object.keys(recorded).length).toBeGreaterThan(300);
    expect(recorded['test/ingest/real-corpus.int.spec.ts']).toBeGreaterThan(60);
    expect(Object.keys(recorded).every((file) => /\.(unit|int|e2e)\.spec\.ts$/.test(file))).toBe(true);
  });
});
