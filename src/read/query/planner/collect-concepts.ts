import type { MetricMention } from './metric-mentions.ts';

const MAX_CONCEPTS = 20;

/**
 * The concept, ratio and growth ids named, each once, in the order written, with `first`
 * (the metric of the condition) moved to the front. Price and market cap are not concepts.
 */
export function collectConcepts(mentions: readonly MetricMention[], first: string | null): string[] {
  const ids = mentions.flatMap((m) => (m.source === 'concept' && m.id ? [m.id] : []));
  const ordered = first ? [first, ...ids] : ids;
  return [...new Set(ordered)].slice(0, MAX_CONCEPTS);
}

/** Notes for the measures the service does not have ("P/E", "ROCE"). */
export const unsupportedNotes = (mentions: readonly MetricMention[]): string[] =>
  mentions.filter((m) => m.source === 'unsupported').map((m) => `"${m.text}" is not a metric of the service; left out`);
