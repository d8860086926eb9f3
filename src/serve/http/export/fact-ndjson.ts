import type { Fact } from '../../../../schemas/read-models/fact.ts';

/** The NDJSON lines of `facts`: each the fact object /v1/financials sends, as it sends it, ended by a line feed. */
export function factNdjsonLines(facts: readonly Fact[]): string {
  let text = '';
  for (const fact of facts) text += `${JSON.stringify(fact)}\n`;
  return text;
}
