import type { NameRun } from './name-runs.ts';

// Word endings of abstract nouns and verb forms: "deleveraging", "dilution", "impairment",
// "profitability", "consolidation". A company is rarely one such word in lower case.
const TOPIC_ENDING = /(?:ing|tion|sion|ment|ments|ness|ity|ism|isation|ization|ship|ology)$/i;

/**
 * The runs of a question typed in lower case that may name a company: a single word
 * shaped like a topic ("what is deleveraging") is not taken, so it stays in the search
 * text instead of becoming a company that search cannot resolve.
 */
export const companyLikeRuns = (runs: readonly NameRun[]): NameRun[] =>
  runs.filter((run) => run.tokens.length > 1 || !TOPIC_ENDING.test(run.tokens[0]?.word ?? ''));
