/**
 * Words that say what kind of answer a question wants, read on the question with the
 * company, period and amounts masked.
 */

// Narrative: the answer is in filings and announcements, not in numbers.
const NARRATIVE =
  /\b(?:why|how\s+come|reasons?|explain\w*|explanation|say|says|said|saying|comment\w*|remarks?|mention\w*|discuss\w*|talk(?:s|ed)?\s+about|outlook|guidance|strateg(?:y|ies)|management|concall|con-call|conference\s+call|earnings\s+call|transcripts?|annual\s+reports?|announce\w*|disclos\w*|filings?|news|updates?|what\s+happened|tell\s+me\s+about|describe|summar(?:y|ise|ize)|highlights|risks?|views?|plans?|expect(?:s|ed|ations?)?|impact\w*|drivers?|driven|drove|drives?|what\s+caused|caused\s+by|behind\s+(?:it|this|that|the)|(?:what\s+(?:is|was|were|are)|what's)\s+behind|attribut\w*|headwinds?|tailwinds?)\b/i;

// Many companies: a screen, even if a name is written ("Tata group companies").
const PLURAL =
  /\b(?:companies|stocks|firms|scrips|names|businesses|which\s+(?:company|stock|firm|one)|any\s+(?:company|stock)|list\s+of|screen\w*|shortlist|(?:small|mid|large)[\s-]?caps?|blue[\s-]?chips?|psus|banks|lenders|nbfcs|insurers)\b/i;

// The whole market: every company's figure of one period ("revenue of all companies", "across
// listed companies", "market-wide"); "the market" but not its cap, value or price.
const MARKET_WIDE =
  /\b(?:(?:all|every|each)\s+(?:of\s+)?(?:the\s+)?(?:listed\s+)?(?:compan(?:y|ies)|firms?|stocks?|issuers?)|across\s+(?:all\s+)?(?:the\s+)?(?:listed\s+)?(?:companies|firms|stocks|issuers|(?:the\s+)?market)|(?:whole|entire)\s+market|market[\s-]wide|the\s+market(?![\s-]*(?:cap|value|price)))\b/i;

// A quote: the latest price.
const QUOTE = new RegExp(
  [
    String.raw`\b(?:quote|trading\s+at|trades?\s+at|trading\s+price|cmp|ltp|last\s+traded\s+price|current\s+market\s+price)\b`,
    // "what did Reliance close at", "where did TCS close at today" (a masked day reads as NULs)
    String.raw`\bclose[ds]?\s+at[\s\0]*(?:$|[?.!]|today|yesterday)`,
    // "trading right now", "where is Infosys trading", "price today"
    String.raw`\btrading\s+(?:right\s+)?(?:now|today|currently)\b|\b(?:where|how)\s+(?:is|are)\b[^?]*\btrading\b|\bprice\s+(?:right\s+)?(?:now|today)\b`,
    // "how much is one ITC share worth today", "what is a TCS share worth"; never "worth buying"
    String.raw`\b(?:shares?|stocks?)\s+(?:worth|cost)\b(?!\s+(?:buying|investing|holding|adding|a\s+buy))|\bworth\s+(?:right\s+)?(?:today|now)\b`,
  ].join('|'),
  'i',
);

export const hasNarrativeCue = (text: string): boolean => NARRATIVE.test(text);
export const hasPluralCue = (text: string): boolean => PLURAL.test(text);
export const hasQuoteCue = (text: string): boolean => QUOTE.test(text);
export const hasMarketWideCue = (text: string): boolean => MARKET_WIDE.test(text);

/** Words dropped from the search text besides stop words: the asking, not the topic. */
export const NARRATIVE_WORDS: ReadonlySet<string> = new Set(
  'why come reason reasons explain explained explanation commentary comment comments remark remarks management talk talked talks tell describe summary summarise summarize highlights'.split(
    ' ',
  ),
);
