import type { FilingType } from '#schemas/common';
import type { DisclosureEventType } from './disclosure-event-types.ts';

/** What a disclosure is: its event type, and the filing type of its document where one fits. */
export interface DisclosureType {
  readonly eventType: DisclosureEventType;
  readonly documentType: FilingType | null;
}

export interface SubjectRule extends DisclosureType {
  /** Phrases of the normalised subject (lower case, one space) any of which decides the rule. */
  readonly phrases: readonly RegExp[];
}

const rule = (eventType: DisclosureEventType, documentType: FilingType | null, ...phrases: RegExp[]): SubjectRule => ({
  eventType,
  documentType,
  phrases,
});

/**
 * The subject phrases, in order: the first rule with a matching phrase decides. The order
 * is the design. A subject usually names several things ("Board Meeting Outcome … And
 * Unaudited Financial Results", "Book Closure For … AGM And Payment Of Final Dividend"), and
 * the rule that comes first is the one a reader would file it under:
 *
 * - transcripts before anything (a transcript of a results call is a transcript);
 * - a board meeting *intimation* before results and annual reports (a meeting "for the
 *   approval of financial results" is not the results), but a board meeting *outcome* last
 *   among topics (an outcome that approves results, an allotment or an appointment is filed
 *   under that topic);
 * - the trading window before insider trading (its notices cite the PIT regulations), and the
 *   SAST rule before acquisitions (its title says "Substantial Acquisition");
 * - dividends and the other corporate actions before general meetings and book closures.
 *
 * Subjects that say no more than "board meeting outcome" or "under Regulation 30" are read
 * by GENERIC_SUBJECT_RULES, after the exchange category.
 */
export const SUBJECT_RULES: readonly SubjectRule[] = [
  rule('earnings_call', 'earnings_call_transcript', /\btranscripts?\b/),
  rule(
    'board_meeting',
    null,
    /\bboard meeting intimation\b/,
    /\b(intimation|notice) (of|for|regarding|about) (the )?(forthcoming )?(board meeting|meeting of (the )?board)\b/,
    /\bmeeting of (the )?board of directors\b.{0,40}\b(is|will be) (scheduled|held)\b/,
    /\bprior intimation\b/,
  ),
  rule('annual_report', 'annual_report', /\bannual report\b/),
  rule(
    'financial_results',
    'financial_results',
    /\bfinancial results?\b/,
    /^results?\b/,
    /\bresults? (for|of) the (quarter|half year|year|period|financial year|nine months)\b/,
    /\b(quarterly|half[- ]yearly|annual|audited|unaudited) (financial )?results\b/,
    /\bintegrated filing.{0,3}financ/,
  ),
  rule(
    'credit_rating',
    'credit_rating',
    /\bcredit ratings?\b/,
    /\b(affirmation|reaffirmation|re-affirmation|revision|upgrade|downgrade) (in|of) (the )?(credit )?ratings?\b/,
  ),
  rule('investor_presentation', 'investor_presentation', /\b(investors?|analysts?|earnings|corporate)'? presentations?\b/),
  // SPEC's filing types have no press release; it is investor material, filed with the
  // presentations so that a filter on investor_presentation finds both.
  rule('press_release', 'investor_presentation', /\b(press|media) (release|note)s?\b/),
  rule(
    'earnings_call',
    null,
    /\bearnings? (call|webinar|conference)s?\b/,
    /\bconference calls?\b/,
    /\bcon\.? calls?\b/,
    /\b(analysts?|investors?)\s*(\/\s*(institutional )?investors?\s*)?meets?\b/,
    /\binvestor (conference|interaction|day)s?\b/,
    /\b(audio|call) recordings?\b/,
    /\broad ?shows?\b/,
  ),
  rule('dividend', 'dividend', /\bdividends?\b/),
  rule('bonus_issue', 'bonus_issue', /\bbonus\b/),
  rule('stock_split', 'stock_split', /\b(stock|share) split\b/, /\bsplit of (equity )?shares\b/, /\bsub-?division\b/),
  rule('rights_issue', 'rights_issue', /\brights? issue\b/),
  rule('buyback', 'buyback', /\bbuy[- ]?back\b/),
  rule('regulatory_update', null, /\btrading window\b/),
  // Not "Regulation 7(2)" alone: LODR has a Regulation 7(3) too (the share-transfer
  // compliance certificate). PIT disclosures name the regulations.
  rule('insider_trading', 'insider_trading', /\binsider trading\b/, /\bpit\b/),
  rule('substantial_acquisition', null, /\bsast\b/, /\bsubstantial acquisition\b/, /\btakeovers?\b/),
  rule(
    'scheme_of_arrangement',
    null,
    /\bscheme of (arrangement|amalgamation|merger|demerger)\b/,
    /\b(amalgamation|merger|demerger)\b/,
    /\bnclt\b/,
    /\bcompany law tribunal\b/,
  ),
  rule(
    'acquisition',
    null,
    /\bacqui(re|res|red|ring|sition|sitions)\b/,
    /\bincorporation of (a |an )?(new )?(wholly[- ]owned )?(step[- ]down )?subsidiar/,
    /\b(investment|stake) in\b/,
  ),
  rule(
    'change_in_management',
    null,
    /\bchange (in|of) (the )?(management|directorate|directors?|key managerial|kmp|senior management|(statutory )?auditors?|company secretary|compliance officer)\b/,
    /\b(re-?)?appointments?\b/,
    /\bappoint(s|ed)?\b/,
    /\bresign(ation|ations|s|ed)?\b/,
    /\b(cessation|demise|retirement)\b/,
    /\bstep(s|ped)? down\b/,
  ),
  rule(
    'securities_issue',
    null,
    /\ballotments?\b/,
    /\bpreferential (issue|allotment|offer)\b/,
    /\b(qualified institutions? placement|qip)\b/,
    /\b(esop|esos|esps|rsus?)\b/,
    /\bstock options?\b/,
    /\bfund raising\b/,
    /\braising (of )?funds\b/,
    /\bwarrants\b/,
    /\b(non-convertible debentures|ncds?|commercial papers?)\b/,
    /\bissue of (equity )?shares\b/,
  ),
  rule('shareholding', 'shareholding_pattern', /\bshareholding pattern\b/, /\bshareholding for the (period|quarter)\b/),
  rule(
    'agm_egm',
    null,
    /\b(annual|extra[- ]?ordinary) general meeting\b/,
    /\bgeneral meetings?\b/,
    /\b(e-)?(agm|egm)s?\b/,
    /\bpostal ballot\b/,
    /\be-?voting\b/,
    /\bvoting results?\b/,
    /\bscrutini[sz]er/,
    /\bshareholders?'?s? meetings?\b/,
  ),
  rule('corporate_action', null, /\bbook closure\b/, /\brecord date\b/, /\bcut-?off date\b/, /\bcorporate action\b/, /\bdelisting\b/),
  rule('newspaper_publication', null, /\bnews ?papers?\b/, /\badvertisements?\b/, /\bpublications?\b/),
  rule(
    'order_or_contract',
    null,
    /\b(receipt|award|bagging|win|winning) of (an? )?(new )?(work |purchase )?(contracts?|orders?)\b/,
    /\bcontracts?\b/,
    /\bmemorandum of understanding\b/,
    /\bmou\b/,
    /\bagreements?\b/,
  ),
  rule(
    'legal_or_regulatory_action',
    null,
    /\b(us ?fda|warning letter|inspection|litigation|show cause)\b/,
    /\bpenalt(y|ies)\b/,
    /\borders? passed\b/,
    /\baction\(?s?\)? (initiated|taken)\b/,
  ),
  rule('clarification', null, /\bclarifications?\b/, /\bspurt in\b/, /\bprice movement\b/, /\bnews (item|verification)\b/),
  rule(
    'regulatory_update',
    null,
    /\b(loss|duplicate)\b.{0,20}\bcertificates?\b/,
    /\brelated party transactions?\b/,
    /\bstatement of deviation/,
    /\bmonitoring agency\b/,
    /\bcertificate under\b/,
    /\bsecretarial\b/,
  ),
];

/**
 * Subject phrases that say only that a disclosure is a board meeting's outcome or a filing
 * under some regulation. They are read after the exchange category, which is more specific
 * when it says anything ("Board Meeting Outcome for Outcome Of Third Board Meeting" filed
 * under BSE's Result category is financial results).
 */
export const GENERIC_SUBJECT_RULES: readonly SubjectRule[] = [
  rule('board_meeting', null, /\bboard meetings?\b/, /\bmeeting of (the )?board\b/, /\bbm\b/),
  rule('regulatory_update', null, /\bregulations? \d+/, /\breg\. ?\d+/, /\blodr\b/, /\bsebi\b/, /\bcompliances?\b/),
];
