import { extractAsOf, type AsOfRead } from './extract-as-of.ts';
import { type EventRead, readEvents } from './read-events.ts';
import { type BasisRead, extractBasis } from './extract-basis.ts';
import { type Comparison, extractComparisons } from './extract-comparisons.ts';
import { extractPeriod, type PeriodRead } from './extract-period.ts';
import { extractRanking, type Ranking } from './extract-ranking.ts';
import { extractReference, type ReferenceRead } from './extract-reference.ts';
import { extractReferences, type ReferencesRead } from './extract-references.ts';
import { findMetricMentions, type MetricMention } from './metric-mentions.ts';
import { growthByVerb } from './growth-verbs.ts';
import { normaliseQuestion } from './normalise-question.ts';
import { type PriceDayRead, readPriceDay } from './price-date.ts';
import { maskSpans } from './spans.ts';

/** Everything the extractors read from one question, before a route is chosen. */
export interface QuestionReading {
  readonly text: string;
  readonly asOf: AsOfRead;
  /** The trading day of a price question ("close on 28 February 2020"). */
  readonly priceDay: PriceDayRead;
  /** Event types named and the date window of an event question. */
  readonly events: EventRead;
  readonly period: PeriodRead;
  readonly basis: BasisRead;
  readonly mentions: readonly MetricMention[];
  readonly comparisons: readonly Comparison[];
  readonly ranking: Ranking | undefined;
  readonly reference: ReferenceRead;
  /** The companies of a comparison or list ("TCS vs Infosys"), the reference among them. */
  readonly references: ReferencesRead;
  /** The question with the company, dates, periods, basis and amounts masked: topic and cue words. */
  readonly rest: string;
}

/**
 * Runs the extractors in order, each on the question with what earlier ones read masked:
 * the as-of date before periods (so "as of 1 June 2023" is no period), periods before
 * amounts (so "FY24" is no number), metrics and amounts before the company (so neither
 * "ROE" nor "60,000 crore" is a name). Pure.
 */
export function readQuestion(question: string, today: string | undefined): QuestionReading {
  const text = normaliseQuestion(question);
  // A price question's day first: "close as on 3 January 2020" is that day's close, not an as-of.
  const priceDay = readPriceDay(text);
  const asOf = extractAsOf(maskSpans(text, priceDay.spans));
  const events = readEvents(maskSpans(text, [...priceDay.spans, ...asOf.spans]));
  const afterAsOf = maskSpans(text, [...priceDay.spans, ...asOf.spans, ...events.window.spans]);
  const period = extractPeriod(afterAsOf, today);
  const afterPeriod = maskSpans(afterAsOf, period.spans);
  const basis = extractBasis(afterPeriod);
  const afterBasis = maskSpans(afterPeriod, basis.spans);
  // A metric word inside an event phrase is no metric: "promoters bought" asks for insider trades, not promoter_pct.
  const found = findMetricMentions(afterBasis).filter((m) => !events.mentions.some((e) => m.start < e.span.end && e.span.start < m.end));
  // "net profit rose over 40%" compares the growth, not the profit.
  const mentions = growthByVerb(afterBasis, found);
  const comparisons = extractComparisons(afterBasis, mentions);
  const afterComparisons = maskSpans(
    afterBasis,
    comparisons.map((c) => c.span),
  );
  const ranking = extractRanking(afterComparisons, mentions);
  const afterRanking = maskSpans(afterComparisons, ranking?.spans ?? []);
  // Event phrases ("PIT disclosures", "Credit rating", "Press releases") name no company.
  const afterMentions = maskSpans(afterRanking, [...mentions, ...events.mentions.map((m) => m.span)]);
  const reference = extractReference(text, afterMentions);
  const references = extractReferences(text, afterMentions, reference);
  const rest = maskSpans(afterRanking, references.spans);
  return { text, asOf, priceDay, events, period, basis, mentions, comparisons, ranking, reference, references, rest };
}
