import { type Span, spanOf } from './spans.ts';

/** A disclosure event type the question asks about, and where it is written. */
export interface EventMention {
  readonly eventType: string;
  readonly span: Span;
}

// Phrases of the disclosure event types (docs/event-types.md) as analysts write them, most
// specific first. A bare "results" or "rating" is not read: "results" is usually the
// figures, read as concepts.
const EVENT_PHRASES: ReadonlyArray<readonly [string, RegExp]> = [
  [
    'insider_trading',
    /\binsiders?(?:[\s-]+(?:trad(?:es|ing|ed)|deals?|dealings|transactions|buying|selling|sales|purchases))?\b|\bpit\s+disclosures?\b|\b(?:promoters?|directors?|kmps?|insiders?)\s+(?:(?:have|has|had|did)\s+)?(?:buy|buying|bought|sell|selling|sold|purchased?|offload(?:ed|ing)?)\b|\b(?:bought|sold|purchased|offloaded)\s+by\s+(?:the\s+|its\s+)?(?:promoters?|directors?|kmps?|insiders?)\b/gi,
  ],
  ['substantial_acquisition', /\bsast\b|\bsubstantial\s+acquisitions?\b|\btakeover\s+regulations?\b/gi],
  ['board_meeting', /\bboard\s+meetings?\b/gi],
  ['agm_egm', /\b(?:agm|egm|annual\s+general\s+meetings?|extraordinary\s+general\s+meetings?|postal\s+ballots?)\b/gi],
  ['dividend', /\b(?:interim\s+|final\s+|special\s+)?dividends?\b/gi],
  ['credit_rating', /\bcredit\s+ratings?\b|\brating\s+(?:actions?|upgrades?|downgrades?)\b/gi],
  [
    'earnings_call',
    /\b(?:earnings|analysts?|investors?)\s+calls?\b|\bcon-?calls?\b|\b(?:analysts?|investors?)(?:\s*(?:\/|and|or)\s*(?:analysts?|investors?))?\s+meets?\b/gi,
  ],
  [
    'change_in_management',
    /\b(?:changes?\s+in\s+(?:the\s+)?(?:management|directorate|board|kmp)|management\s+changes?|(?:ceo|cfo|md|directors?|kmp|auditors?)\s+(?:appointments?|resignations?|changes?|exits?)|(?:appointments?|resignations?)\s+of\s+(?:the\s+|a\s+|an\s+)?(?:ceo|cfo|md|(?:independent\s+)?directors?|kmp|(?:statutory\s+)?auditors?))\b/gi,
  ],
  ['order_or_contract', /\b(?:order\s+wins?|orders?\s+(?:received|bagged|won)|contracts?\s+(?:won|awarded|bagged))\b/gi],
  ['acquisition', /\bacquisitions?\b/gi],
  ['scheme_of_arrangement', /\bschemes?\s+of\s+(?:arrangement|amalgamation)\b|\bmergers?\b|\bdemergers?\b/gi],
  ['press_release', /\bpress\s+releases?\b/gi],
  ['investor_presentation', /\binvestor\s+presentations?\b/gi],
  ['newspaper_publication', /\bnewspaper\s+(?:publications?|advertisements?)\b/gi],
  ['securities_issue', /\b(?:allotment|qip|preferential\s+(?:issue|allotment)|ncd\s+issue)\b/gi],
  [
    'corporate_action',
    /\b(?:corporate\s+actions?|bonus(?:es)?\s+or\s+(?:stock\s+|share\s+)?splits?|splits?\s+or\s+bonus(?:es)?|bonus\s+(?:issues?|shares)|stock\s+splits?|share\s+splits?|split\s+(?:its|their|the)\s+(?:shares|stock)|buy-?backs?|rights\s+issues?|record\s+dates?|ex-?dates?)\b/gi,
  ],
];

/**
 * The event types a question names ("insider trades", "board meetings", "dividends"), in
 * the order of the dictionary, each once, with the words that named them. Pure.
 */
export function findEventMentions(text: string): EventMention[] {
  const taken: Span[] = [];
  const mentions: EventMention[] = [];
  for (const [eventType, pattern] of EVENT_PHRASES) {
    for (const match of text.matchAll(pattern)) {
      const span = spanOf(match);
      if (taken.some((t) => span.start < t.end && t.start < span.end)) continue;
      taken.push(span);
      mentions.push({ eventType, span });
    }
  }
  return mentions;
}

/** Each event type once, in the order first written. */
export const eventTypesOf = (mentions: readonly EventMention[]): string[] => [
  ...new Set([...mentions].sort((a, b) => a.span.start - b.span.start).map((m) => m.eventType)),
];
