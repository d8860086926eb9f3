import { describe, expect, it } from 'vitest';
import { QueryToolOutputSchema, type QueryToolOutput } from '#schemas/mcp/query';
import { givenFact, givenMetric, givenPacket, givenPassage } from '../../../test/support/given-packet.ts';
import { fitQueryResult } from './fit-query-result.ts';
import { jsonLength } from './result-budget.ts';

function givenResult(counts: { facts: number; metrics: number; passages: number }): QueryToolOutput {
  const packet = givenPacket(
    { route: 'hybrid', reference: 'ACC', concepts: ['Revenue'] },
    {
      facts: Array.from({ length: counts.facts }, (_, i) => givenFact({ value: String(1000 + i) })),
      metrics: Array.from({ length: counts.metrics }, () => givenMetric()),
      passages: Array.from({ length: counts.passages }, (_, i) => givenPassage({ id: `p${i}`, snippet: 'x'.repeat(2000) })),
    },
  );
  const { plan, facts, gaps, ...evidence } = packet;
  return QueryToolOutputSchema.parse({
    plan,
    facts,
    evidence,
    answer: { text: 'The answer.', writer: 'deterministic', citations: [], quotations: [] },
    gaps,
    planned_by: 'planner',
    notes: ['route: hybrid'],
    truncated: false,
  });
}

describe('fitQueryResult', () => {
  it('returns a result within the budget as it is', () => {
    const result = givenResult({ facts: 3, metrics: 1, passages: 2 });
    expect(fitQueryResult(result)).toBe(result);
  });

  it('shortens the lists taking the most room until the result fits, saying what was left out', () => {
    const result = givenResult({ facts: 50, metrics: 20, passages: 40 });
    const budget = 40_000;
    expect(jsonLength(result)).toBeGreaterThan(2 * budget);
    const fitted = fitQueryResult(result, budget);
    expect(jsonLength(fitted)).toBeLessThanOrEqual(budget);
    expect(fitted.truncated).toBe(true);
    expect(fitted.evidence.passages.length).toBeLessThan(40);
    expect(fitted.evidence.passages.length).toBeGreaterThan(0);
    // Kept items are the first ones, in order.
    expect(fitted.facts.map((f) => f.value)).toEqual(result.facts.slice(0, fitted.facts.length).map((f) => f.value));
    expect(fitted.notes[0]).toBe('route: hybrid');
    expect(fitted.notes).toContain(
      `${fitted.evidence.passages.length} of 40 passages are shown to keep the result small; the answer was written from all of them`,
    );
    expect(fitted.answer).toEqual(result.answer);
    expect(fitted.plan).toEqual(result.plan);
    expect(QueryToolOutputSchema.parse(fitted)).toEqual(fitted);
  });

  it('keeps at least one item of each list, even when that is still too large', () => {
    const fitted = fitQueryResult(givenResult({ facts: 4, metrics: 2, passages: 4 }), 100);
    expect([fitted.facts.length, fitted.evidence.metrics.length, fitted.evidence.passages.length]).toEqual([1, 1, 1]);
    expect(fitted.notes).toEqual([
      'route: hybrid',
      '1 of 4 facts are shown to keep the result small; the answer was written from all of them',
      '1 of 2 metrics are shown to keep the result small; the answer was written from all of them',
      '1 of 4 passages are shown to keep the result small; the answer was written from all of them',
    ]);
  });
});
