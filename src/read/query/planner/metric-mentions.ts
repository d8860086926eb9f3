import { matchConceptMentions, OWNERSHIP_FIELDS } from '#schemas/common';
import { type Span, spanOf } from './spans.ts';

/** A metric named in the question: a concept or ratio, market data, or one the service lacks. */
export interface MetricMention extends Span {
  /** A metric id (Revenue, return_on_equity, market_cap, price), or null for an unsupported one. */
  readonly id: string | null;
  readonly source: 'concept' | 'market' | 'unsupported';
  readonly text: string;
  /** Further ids the same words stand for ("institutional holding": fii_pct, then dii_pct). */
  readonly also?: readonly string[];
}

const MARKET: ReadonlyArray<readonly [RegExp, string]> = [
  [/\b(?:market\s+cap(?:itali[sz]ation)?|market-cap|marketcap|m-?cap|market\s+value)\b/gi, 'market_cap'],
  [/\b(?:(?:share|stock|market|closing|close|last|trading|traded|current)\s+price|price|priced|cmp|ltp|last\s+close|closing)\b/gi, 'price'],
  // "Reliance close on 28 February 2020", "what did TCS close at": a close, not "close to".
  [/\bclos(?:e|ed)(?=\s+(?:on|at|as)\b)/gi, 'price'],
  // "stocks trading below Rs 500": a price compared, not a quote cue alone.
  [/\btrading(?=\s+(?:below|above|under|over|between|higher\s+than|lower\s+than|more\s+than|less\s+than)\b)/gi, 'price'],
];

// Common measures that are not metrics of the service; read so they are not taken for
// a company and so the notes can say so.
const UNSUPPORTED =
  /\b(?:(?:ebitda|ebit|revenue|realisation|realization|profit)\s+per\s+(?:tonne|ton|unit|vehicle|kg|litre|customer|user)|aum|assets\s+under\s+management|loan\s+book|advances|deposits|credit\s+cost|arpu|gross\s+(?:profit\s+)?margins?|gross\s+profit|p\/?e(?:\s+ratio)?|pe\s+multiple|price[\s-]to[\s-](?:earnings|book|sales)(?:\s+ratio)?|p\/b|p\/bv|ev\/ebitda|ev\s+to\s+ebitda|peg(?:\s+ratio)?|roce|return\s+on\s+capital(?:\s+employed)?|dividend\s+yield|book\s+value(?:\s+per\s+share)?|bvps|free\s+cash\s+flows?|fcf|current\s+ratio|quick\s+ratio|net\s+debt|beta|volatility|net\s+interest\s+(?:income|margins?)|nii|nim|casa(?:\s+ratio)?|gross\s+npas?|net\s+npas?|npas?)\b/gi;

// "How much did Airtel earn in Q3?": what a company earned is its profit.
const EARNED =
  /\b(?:earn(?:ed|s|ing)?|earnings)\b(?!\s+(?:per\s+share|calls?|conference|release|presentation|update|season|date|before|surprise|growth))/gi;

// Words for several ownership fields at once: institutions are the foreign (FII/FPI) and the
// domestic (DII) ones, each a field of its own in the shareholding pattern.
const GROUPS: ReadonlyArray<readonly [RegExp, readonly string[]]> = [
  // "the shareholding pattern of TCS": every field of the pattern.
  [/\b(?:share\s*holding|ownership)\s+(?:pattern|structure|break-?up)s?\b|\bwho\s+owns\b/gi, OWNERSHIP_FIELDS],
  [
    /\binstitutional\s+(?:holdings?|shareholding|stake|ownership|investors?|holders?)\b|\binstitutions?\b(?=\s+(?:own|hold|held))|\bheld\s+by\s+institutions\b/gi,
    ['fii_pct', 'dii_pct'],
  ],
];

function regexMentions(text: string, pattern: RegExp, id: string | null, source: MetricMention['source']): MetricMention[] {
  return [...text.matchAll(pattern)].map((m) => ({ ...spanOf(m), id, source, text: m[0] }));
}

/**
 * Every metric named in the text, left to right, without overlaps: where two readings
 * overlap the longer wins ("EV/EBITDA" is unsupported, not ebitda; "price to book" is not
 * price). Concepts come from the shared synonym dictionary.
 */
export function findMetricMentions(text: string): MetricMention[] {
  const all: MetricMention[] = [
    ...regexMentions(text, UNSUPPORTED, null, 'unsupported'),
    ...MARKET.flatMap(([pattern, id]) => regexMentions(text, pattern, id, 'market')),
    ...regexMentions(text, EARNED, 'ProfitAfterTax', 'concept'),
    ...matchConceptMentions(text).map((m): MetricMention => ({ id: m.id, source: 'concept', text: m.text, start: m.start, end: m.end })),
    ...GROUPS.flatMap(([pattern, [first = null, ...also]]) =>
      regexMentions(text, pattern, first, 'concept').map((m): MetricMention => ({ ...m, also })),
    ),
  ];
  const byLength = [...all].sort((a, b) => b.end - b.start - (a.end - a.start) || a.start - b.start);
  const kept: MetricMention[] = [];
  for (const mention of byLength) {
    if (!kept.some((k) => mention.start < k.end && k.start < mention.end)) kept.push(mention);
  }
  return kept.sort((a, b) => a.start - b.start).flatMap(expandGroup);
}

/** A group's mention stands for each of its fields, at the same words. */
function expandGroup(mention: MetricMention): MetricMention[] {
  const { also = [], ...one } = mention;
  return [one, ...also.map((id) => ({ ...one, id }))];
}
