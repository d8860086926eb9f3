import { z } from 'zod';
import {
  DERIVED_RATIOS,
  type DerivedRatio,
  OWNERSHIP_FIELDS,
  type OwnershipField,
  REPORTED_CONCEPTS,
  type ReportedConcept,
} from './concepts.ts';

/**
 * The words Indian reports, analysts and investors use for each concept and metric of
 * SPEC.md, and a pure matcher over them. Search uses it for `concept` hits; the research
 * planner uses it to read concepts out of a question. Synonyms are matched as whole words,
 * case-insensitively, punctuation ignored ("D/E" is "d e"), longest phrase first.
 */

export const CONCEPT_KINDS = ['reported', 'derived_ratio', 'growth', 'ownership'] as const;
export const ConceptKindSchema = z
  .enum(CONCEPT_KINDS)
  .describe(
    'reported: a concept filed by the company; derived_ratio: computed from reported facts; growth: period-on-period change of a reported concept; ownership: a shareholding percentage',
  );
export type ConceptKind = z.infer<typeof ConceptKindSchema>;

/** `<Concept>_growth`, e.g. `Revenue_growth`. */
export type GrowthField = `${ReportedConcept}_growth`;
export const GROWTH_FIELDS = REPORTED_CONCEPTS.map((concept): GrowthField => `${concept}_growth`);

export type MetricId = ReportedConcept | DerivedRatio | GrowthField | OwnershipField;
export const METRIC_IDS: readonly MetricId[] = [...REPORTED_CONCEPTS, ...DERIVED_RATIOS, ...GROWTH_FIELDS, ...OWNERSHIP_FIELDS];

export const MetricIdSchema = z
  .enum(METRIC_IDS as readonly [MetricId, ...MetricId[]])
  .describe(
    'A concept or metric identifier: a reported concept (Revenue), a derived ratio (return_on_equity), a growth field (Revenue_growth) or an ownership field (promoter_pct)',
  );

interface Words {
  readonly label: string;
  readonly synonyms: readonly string[];
}

/** One concept or metric with its label and the phrases that name it. */
export interface ConceptEntry extends Words {
  readonly id: MetricId;
  readonly kind: ConceptKind;
}

const REPORTED_WORDS: Readonly<Record<ReportedConcept, Words>> = {
  Revenue: {
    label: 'Revenue from operations',
    synonyms: [
      'revenue',
      'revenues',
      'revenue from operation',
      'income from operations',
      'operating revenue',
      'operating revenues',
      'sales',
      'net sales',
      'sales revenue',
      'turnover',
      'top line',
      'topline',
    ],
  },
  OtherIncome: { label: 'Other income', synonyms: ['non operating income', 'non-operating income'] },
  TotalIncome: { label: 'Total income', synonyms: [] },
  CostOfMaterials: {
    label: 'Cost of materials consumed',
    synonyms: [
      'cost of materials',
      'raw material cost',
      'raw materials cost',
      'raw material costs',
      'material cost',
      'materials cost',
      'cost of raw materials',
      'raw materials consumed',
    ],
  },
  PurchasesOfStockInTrade: {
    label: 'Purchases of stock-in-trade',
    synonyms: ['purchase of stock in trade', 'purchases of traded goods', 'purchase of traded goods', 'traded goods'],
  },
  ChangesInInventories: {
    label: 'Changes in inventories',
    synonyms: [
      'change in inventories',
      'changes in inventory',
      'change in inventory',
      'inventory change',
      'changes in inventories of finished goods work in progress and stock in trade',
    ],
  },
  EmployeeBenefitExpense: {
    label: 'Employee benefit expense',
    synonyms: [
      'employee benefits expense',
      'employee benefit expenses',
      'employee benefits expenses',
      'employee cost',
      'employee costs',
      'employee expenses',
      'staff cost',
      'staff costs',
      'salaries',
      'salaries and wages',
      'personnel cost',
      'personnel expenses',
      'manpower cost',
    ],
  },
  FinanceCosts: {
    label: 'Finance costs',
    synonyms: ['finance cost', 'interest cost', 'interest costs', 'interest expense', 'interest expenses', 'borrowing costs', 'interest'],
  },
  DepreciationAndAmortisation: {
    label: 'Depreciation and amortisation',
    synonyms: [
      'depreciation and amortization',
      'depreciation and amortisation expense',
      'depreciation and amortization expense',
      'depreciation',
      'amortisation',
      'amortization',
      'd&a',
    ],
  },
  OtherExpenses: { label: 'Other expenses', synonyms: ['other expense', 'other operating expenses'] },
  TotalExpenses: { label: 'Total expenses', synonyms: ['total expenditure', 'total costs', 'total cost', 'expenses', 'expenditure'] },
  ProfitBeforeExceptionalItemsAndTax: {
    label: 'Profit before exceptional items and tax',
    synonyms: ['profit before exceptional item and tax', 'profit before exceptional items', 'pbt before exceptional items'],
  },
  ExceptionalItems: { label: 'Exceptional items', synonyms: ['exceptional item', 'one-off items', 'one off item', 'extraordinary items'] },
  ProfitBeforeTax: {
    label: 'Profit before tax',
    synonyms: ['pbt', 'pre-tax profit', 'pretax profit', 'profit before taxes', 'profit before taxation', 'earnings before tax', 'ebt'],
  },
  CurrentTax: { label: 'Current tax', synonyms: ['current tax expense', 'current income tax'] },
  DeferredTax: { label: 'Deferred tax', synonyms: ['deferred tax expense', 'deferred tax charge', 'deferred taxes'] },
  TaxExpense: {
    label: 'Tax expense',
    synonyms: [
      'tax expenses',
      'total tax expense',
      'income tax expense',
      'income tax',
      'tax',
      'taxes',
      'provision for tax',
      'tax provision',
    ],
  },
  ProfitAfterTax: {
    label: 'Profit after tax',
    synonyms: [
      'pat',
      'net profit',
      'net profits',
      'net loss',
      'loss after tax',
      'net profit after tax',
      'profit after taxes',
      'profit after taxation',
      'bottom line',
      'bottomline',
      'net income',
      'net earnings',
      'profit for the period',
      'profit for the year',
      'profit',
      'profits',
    ],
  },
  OtherComprehensiveIncome: { label: 'Other comprehensive income', synonyms: ['oci'] },
  TotalComprehensiveIncome: { label: 'Total comprehensive income', synonyms: ['tci', 'comprehensive income'] },
  BasicEarningsPerShare: { label: 'Basic earnings per share', synonyms: ['basic eps', 'earnings per share', 'eps'] },
  DilutedEarningsPerShare: { label: 'Diluted earnings per share', synonyms: ['diluted eps'] },
  EquityShareCapital: {
    label: 'Equity share capital',
    synonyms: ['share capital', 'paid-up capital', 'paid up equity share capital', 'paid up share capital'],
  },
  OtherEquity: { label: 'Other equity', synonyms: ['reserves', 'reserves and surplus', 'reserves & surplus'] },
  TotalEquity: {
    label: 'Total equity',
    synonyms: ['net worth', 'networth', "shareholders' equity", "shareholders' funds", 'shareholder funds', 'equity'],
  },
  PropertyPlantAndEquipment: {
    label: 'Property, plant and equipment',
    synonyms: ['ppe', 'pp&e', 'fixed assets', 'tangible assets', 'net block'],
  },
  Goodwill: { label: 'Goodwill', synonyms: [] },
  Inventories: { label: 'Inventories', synonyms: ['inventory', 'closing stock'] },
  TradeReceivables: {
    label: 'Trade receivables',
    synonyms: ['receivables', 'debtors', 'sundry debtors', 'trade debtors', 'accounts receivable'],
  },
  CashAndCashEquivalents: {
    label: 'Cash and cash equivalents',
    synonyms: ['cash & cash equivalents', 'cash equivalents', 'cash balance', 'cash and bank balances', 'cash'],
  },
  TotalAssets: { label: 'Total assets', synonyms: ['assets', 'balance sheet size'] },
  Borrowings: { label: 'Borrowings', synonyms: ['borrowing', 'total borrowings', 'debt', 'total debt', 'gross debt', 'loans'] },
  TradePayables: {
    label: 'Trade payables',
    synonyms: ['payables', 'creditors', 'sundry creditors', 'trade creditors', 'accounts payable'],
  },
  TotalLiabilities: { label: 'Total liabilities', synonyms: ['liabilities'] },
  NetCashFromOperatingActivities: {
    label: 'Net cash from operating activities',
    synonyms: [
      'cash from operating activities',
      'net cash flow from operating activities',
      'net cash generated from operating activities',
      'operating cash flow',
      'operating cash flows',
      'cash flow from operations',
      'cash from operations',
      'cfo',
      'ocf',
    ],
  },
  NetCashFromInvestingActivities: {
    label: 'Net cash from investing activities',
    synonyms: [
      'cash from investing activities',
      'net cash used in investing activities',
      'investing cash flow',
      'cash flow from investing',
      'cfi',
    ],
  },
  NetCashFromFinancingActivities: {
    label: 'Net cash from financing activities',
    synonyms: [
      'cash from financing activities',
      'net cash used in financing activities',
      'financing cash flow',
      'cash flow from financing',
      'cff',
    ],
  },
  NetIncreaseInCash: {
    label: 'Net increase in cash',
    synonyms: [
      'net increase in cash and cash equivalents',
      'net increase decrease in cash',
      'net change in cash',
      'change in cash',
      'net cash flow',
    ],
  },
};

const DERIVED_WORDS: Readonly<Record<DerivedRatio, Words>> = {
  ebit: {
    label: 'EBIT',
    synonyms: [
      'earnings before interest and tax',
      'earnings before interest and taxes',
      'profit before interest and tax',
      'pbit',
      'operating profit',
    ],
  },
  ebitda: {
    label: 'EBITDA',
    synonyms: [
      'earnings before interest tax depreciation and amortisation',
      'earnings before interest taxes depreciation and amortization',
      'pbdit',
      'operating ebitda',
    ],
  },
  net_margin: {
    label: 'Net profit margin',
    synonyms: ['net margin', 'net margins', 'pat margin', 'pat margins', 'npm', 'profit margin', 'profit margins', 'net profit margins'],
  },
  ebit_margin: { label: 'EBIT margin', synonyms: ['ebit margins', 'operating margin', 'operating margins', 'operating profit margin'] },
  // OPM as Indian screeners print it is (sales - operating expenses) / sales, i.e. before D&A.
  ebitda_margin: { label: 'EBITDA margin', synonyms: ['ebitda margins', 'opm', 'operating ebitda margin'] },
  effective_tax_rate: { label: 'Effective tax rate', synonyms: ['etr', 'tax rate'] },
  interest_coverage: {
    label: 'Interest coverage',
    synonyms: ['interest coverage ratio', 'icr', 'times interest earned', 'interest cover'],
  },
  return_on_equity: {
    label: 'Return on equity',
    synonyms: ['roe', 'return on net worth', 'ronw', "return on shareholders' equity", 'return on equity ratio'],
  },
  return_on_assets: { label: 'Return on assets', synonyms: ['roa', 'return on total assets'] },
  debt_to_equity: {
    label: 'Debt to equity',
    synonyms: [
      'debt equity',
      'debt equity ratio',
      'debt to equity ratio',
      'd/e',
      'd/e ratio',
      'de ratio',
      'leverage',
      'leverage ratio',
      'gearing',
    ],
  },
  asset_turnover: {
    label: 'Asset turnover',
    synonyms: ['asset turnover ratio', 'assets turnover', 'total asset turnover', 'asset turns', 'asset turn', 'total asset turns'],
  },
  cash_conversion: {
    label: 'Cash conversion',
    synonyms: ['cash conversion ratio', 'ocf to pat', 'cfo to pat', 'ocf/pat', 'cfo/pat', 'operating cash flow to net profit'],
  },
};

const OWNERSHIP_WORDS: Readonly<Record<OwnershipField, Words>> = {
  promoter_pct: {
    label: 'Promoter holding',
    synonyms: [
      'promoter shareholding',
      'promoters holding',
      'promoter and promoter group',
      'promoter group holding',
      'promoter stake',
      'promoter',
      'promoters',
    ],
  },
  fii_pct: {
    label: 'FII holding',
    synonyms: [
      'fii',
      'fiis',
      'fii stake',
      'fpi',
      'fpis',
      'fpi holding',
      'foreign institutional investors',
      'foreign portfolio investors',
      'foreign institutional holding',
      'foreign holding',
    ],
  },
  dii_pct: {
    label: 'DII holding',
    synonyms: ['dii', 'diis', 'dii stake', 'domestic institutional investors', 'domestic institutional holding'],
  },
  mutual_fund_pct: {
    label: 'Mutual fund holding',
    synonyms: ['mutual fund', 'mutual funds', 'mf holding', 'mutual fund stake'],
  },
  public_pct: {
    label: 'Public shareholding',
    synonyms: [
      'public holding',
      'public stake',
      'public shareholders',
      'held by the public',
      'public float',
      'non promoter holding',
      'retail holding',
    ],
  },
  pledged_pct: {
    label: 'Pledged promoter shares',
    synonyms: ['pledged shares', 'shares pledged', 'pledge', 'pledged', 'promoter pledge', 'promoter pledging', 'encumbered shares'],
  },
};

// Who holds, as analysts name the holders of each ownership field; with a word for holding
// ("FPI stake", "retail shareholding", "foreign investors' holding") each names its field.
// Pledges have words of their own ("pledged shares").
const HOLDERS: Readonly<Record<Exclude<OwnershipField, 'pledged_pct'>, readonly string[]>> = {
  promoter_pct: ['promoter', 'promoters', 'promoter group', 'promoter and promoter group'],
  fii_pct: [
    'fii',
    'fiis',
    'fpi',
    'fpis',
    'foreign institutional investor',
    'foreign institutional investors',
    'foreign portfolio investor',
    'foreign portfolio investors',
    'foreign investor',
    'foreign investors',
    'foreign institution',
    'foreign institutions',
    'foreign institutional',
    'foreign portfolio',
    'foreign',
    'overseas investors',
  ],
  dii_pct: [
    'dii',
    'diis',
    'domestic institutional investor',
    'domestic institutional investors',
    'domestic institution',
    'domestic institutions',
    'domestic institutional',
  ],
  mutual_fund_pct: ['mutual fund', 'mutual funds', 'mf', 'mfs'],
  public_pct: ['public', 'retail', 'retail investors', 'non promoter', 'non-promoter', 'public shareholders', 'non institutional'],
};
const HOLDING_WORDS = ['holding', 'holdings', 'shareholding', 'stake', 'stakes', 'ownership'];

/** An ownership field's own words, then each of its holders with each word for holding. */
function ownershipWords(field: OwnershipField): Words {
  const { label, synonyms } = OWNERSHIP_WORDS[field];
  const holders = field === 'pledged_pct' ? [] : HOLDERS[field];
  return { label, synonyms: [...new Set([...synonyms, ...holders.flatMap((h) => HOLDING_WORDS.map((w) => `${h} ${w}`))])] };
}

function growthEntry(concept: ReportedConcept): ConceptEntry {
  const { label, synonyms } = REPORTED_WORDS[concept];
  const names = [label, ...synonyms];
  return {
    id: `${concept}_growth`,
    kind: 'growth',
    label: `${label} growth`,
    synonyms: names.flatMap((name) => [`${name} growth`, `${name} growth rate`, `growth in ${name}`]),
  };
}

/** Every concept and metric id of SPEC.md with its label and synonyms. */
export const CONCEPT_DICTIONARY: readonly ConceptEntry[] = [
  ...REPORTED_CONCEPTS.map((id): ConceptEntry => ({ id, kind: 'reported', ...REPORTED_WORDS[id] })),
  ...DERIVED_RATIOS.map((id): ConceptEntry => ({ id, kind: 'derived_ratio', ...DERIVED_WORDS[id] })),
  ...REPORTED_CONCEPTS.map(growthEntry),
  ...OWNERSHIP_FIELDS.map((id): ConceptEntry => ({ id, kind: 'ownership', ...ownershipWords(id) })),
];

const ENTRIES_BY_ID = new Map(CONCEPT_DICTIONARY.map((entry) => [entry.id.toLowerCase(), entry]));

/** The dictionary entry for an id (case-insensitive), or undefined. */
export function findConcept(id: string): ConceptEntry | undefined {
  return ENTRIES_BY_ID.get(id.trim().toLowerCase());
}

interface Token {
  readonly word: string;
  readonly start: number;
  readonly end: number;
}

const WORD = /[a-z0-9&]+/gi;

function tokenise(text: string): Token[] {
  return [...text.matchAll(WORD)].map((m) => ({ word: m[0].toLowerCase(), start: m.index, end: m.index + m[0].length }));
}

const phraseKey = (text: string) =>
  tokenise(text)
    .map((token) => token.word)
    .join(' ');

/** Phrase (words joined by one space) to entry; a phrase naming two concepts is a bug. */
function buildPhraseIndex(entries: readonly ConceptEntry[]): { byPhrase: Map<string, ConceptEntry>; longest: number } {
  const byPhrase = new Map<string, ConceptEntry>();
  let longest = 0;
  for (const entry of entries) {
    for (const phrase of [entry.id, entry.label, ...entry.synonyms]) {
      const key = phraseKey(phrase);
      const seen = byPhrase.get(key);
      if (seen && seen.id !== entry.id) throw new Error(`synonym "${phrase}" names both ${seen.id} and ${entry.id}`);
      byPhrase.set(key, entry);
      longest = Math.max(longest, key.split(' ').length);
    }
  }
  return { byPhrase, longest };
}

const PHRASES = buildPhraseIndex(CONCEPT_DICTIONARY);

/** A concept named in a text. */
export interface ConceptMatch {
  readonly id: MetricId;
  readonly kind: ConceptKind;
  readonly label: string;
  /** The words as written in the text. */
  readonly text: string;
  /** Character offsets of `text` in the input. */
  readonly start: number;
  readonly end: number;
  /** The whole input is the identifier itself, e.g. "ProfitAfterTax" or "return_on_equity". */
  readonly exact: boolean;
  /** Share of the input's words that this phrase covers, 0..1. */
  readonly coverage: number;
}

function longestPhraseAt(tokens: readonly Token[], at: number): { entry: ConceptEntry; length: number } | undefined {
  for (let length = Math.min(PHRASES.longest, tokens.length - at); length > 0; length -= 1) {
    const key = tokens
      .slice(at, at + length)
      .map((token) => token.word)
      .join(' ');
    const entry = PHRASES.byPhrase.get(key);
    if (entry) return { entry, length };
  }
  return undefined;
}

/** A dictionary phrase found in a text: its entry, the words as written and where, and how many words it spans. */
interface FoundPhrase {
  readonly entry: ConceptEntry;
  readonly text: string;
  readonly start: number;
  readonly end: number;
  readonly words: number;
}

/**
 * The dictionary phrases of a text, left to right, never overlapping: at each place the
 * longest phrase wins and the scan goes on after it, else one word on.
 */
function findPhrases(text: string, tokens: readonly Token[]): FoundPhrase[] {
  const phrases: FoundPhrase[] = [];
  for (let at = 0; at < tokens.length;) {
    const found = longestPhraseAt(tokens, at);
    const first = tokens[at];
    const last = found ? tokens[at + found.length - 1] : undefined;
    if (found && first && last) {
      phrases.push({ entry: found.entry, text: text.slice(first.start, last.end), start: first.start, end: last.end, words: found.length });
    }
    at += found ? found.length : 1;
  }
  return phrases;
}

/**
 * The concepts and metrics a text names, in the order they first appear, each once.
 * Scanning left to right, the longest phrase wins, so "net profit margin" is net_margin
 * (not ProfitAfterTax) and "revenue growth" is Revenue_growth (not Revenue). Pure.
 */
export function matchConcepts(text: string): ConceptMatch[] {
  const tokens = tokenise(text);
  const matches = new Map<MetricId, ConceptMatch>();
  for (const phrase of findPhrases(text, tokens)) {
    const { entry } = phrase;
    if (matches.has(entry.id)) continue;
    matches.set(entry.id, {
      id: entry.id,
      kind: entry.kind,
      label: entry.label,
      text: phrase.text,
      start: phrase.start,
      end: phrase.end,
      exact: text.trim().toLowerCase() === entry.id.toLowerCase(),
      coverage: phrase.words / tokens.length,
    });
  }
  return [...matches.values()];
}

/** One place in a text where a concept or metric is named. */
export interface ConceptMention {
  readonly id: MetricId;
  readonly kind: ConceptKind;
  /** The words as written in the text. */
  readonly text: string;
  /** Character offsets of `text` in the input. */
  readonly start: number;
  readonly end: number;
}

/**
 * Every place a text names a concept or metric, left to right, repeats included (unlike
 * `matchConcepts`, which lists each concept once). The planner needs each place to pair a
 * comparison with the metric written next to it. Pure.
 */
export function matchConceptMentions(text: string): ConceptMention[] {
  return findPhrases(text, tokenise(text)).map(({ entry, text: words, start, end }) => ({
    id: entry.id,
    kind: entry.kind,
    text: words,
    start,
    end,
  }));
}
