import type { Citation, EvidencePacket, Passage } from '#schemas/query/evidence';
import { RetrievalPlanSchema, type RetrievalPlanInput } from '#schemas/query/plan';
import type { CompanyIdentity } from '#schemas/read-models/company';
import type { Fact } from '#schemas/read-models/fact';
import type { Metric } from '#schemas/read-models/metric';
import type { Quote } from '#schemas/read-models/price';

/** Test builders: hand-made packets with realistic ACC figures (Q3 FY2025, consolidated). */

export const ACC: CompanyIdentity = {
  id: '3b1c8f52-6a7e-4d2b-9a41-0c5e7f2d8a10',
  name: 'ACC Limited',
  nse_symbol: 'ACC',
  bse_code: '500410',
  isin: 'INE012A01025',
  cin: 'L26940MH1936PLC002515',
};

export const ACC_Q3_FILING = '8f14e45f-ceea-4e7a-9b1d-2c3a5d6e7f80';
export const ACC_Q3_KNOWN_AT = '2025-01-31T13:15:56.000Z';

const Q3_FY2025 = { type: 'quarterly', start: '2024-10-01', end: '2024-12-31', fiscal_year: 2025, fiscal_quarter: 3 } as const;

export function givenFact(overrides: Partial<Fact> = {}): Fact {
  return {
    company: ACC,
    concept: 'Revenue',
    basis: 'consolidated',
    period: { ...Q3_FY2025 },
    value: '59273800000',
    unit: 'INR',
    decimals: -5,
    scale: 'crore',
    filing_id: ACC_Q3_FILING,
    document_type: 'financial_results',
    source_url: 'https://nsearchives.nseindia.com/corporate/xbrl/ACC_31122024_CONSOLIDATED_1234567.xml',
    element: 'in-bse-fin:RevenueFromOperations',
    known_at: ACC_Q3_KNOWN_AT,
    recorded_at: '2025-02-01T02:00:00.000Z',
    revision_number: 0,
    ...overrides,
  };
}

export function givenMetric(overrides: Partial<Metric> = {}): Metric {
  const input = (concept: 'Revenue' | 'ProfitAfterTax', value: string) => ({
    concept,
    role: 'current' as const,
    period: { ...Q3_FY2025 },
    value,
    unit: 'INR' as const,
    filing_id: ACC_Q3_FILING,
    source_url: givenFact().source_url,
    known_at: ACC_Q3_KNOWN_AT,
  });
  return {
    company: ACC,
    metric: 'net_margin',
    basis: 'consolidated',
    period: { type: 'quarterly', start: '2024-10-01', end: '2024-12-31', fiscal_year: 2025, fiscal_quarter: 3 },
    value: '0.184194',
    unit: 'ratio',
    reason: null,
    inputs: [input('ProfitAfterTax', '10918000000'), input('Revenue', '59273800000')],
    known_at: ACC_Q3_KNOWN_AT,
    ...overrides,
  };
}

/** A citation of a figure from the filing givenFact and givenMetric come from. */
export function givenFilingCitation(value: string, kind: 'fact' | 'metric'): Citation {
  return { value, kind, filing_id: ACC_Q3_FILING, source_url: givenFact().source_url, known_at: ACC_Q3_KNOWN_AT };
}

export function givenQuote(overrides: Partial<Quote> = {}): Quote {
  return {
    exchange: 'NSE',
    ticker: 'ACC',
    series: 'EQ',
    isin: ACC.isin,
    source: 'quote',
    interval: null,
    as_of: '2025-02-03T09:59:00.000Z',
    age_seconds: 0,
    last_price: '2043.55',
    open: '2010.00',
    high: '2050.00',
    low: '2001.10',
    previous_close: '2010.20',
    previous_close_source: 'stated',
    previous_close_at: null,
    previous_close_gap_weekdays: null,
    change: '33.35',
    change_percent: '1.66',
    volume: '123456',
    value: '252300000.50',
    high_52: '2844.00',
    low_52: '1778.95',
    known_at: '2025-02-03T09:59:00.000Z',
    recorded_at: '2025-02-03T10:00:02.000Z',
    source_url: 'https://www.nseindia.com/api/quote-equity?symbol=ACC',
    source_file: null,
    source_document: null,
    ...overrides,
  };
}

export function givenPassage(overrides: Partial<Passage> = {}): Passage {
  return {
    kind: 'document',
    id: '5a7d2c1e-9b3f-4e6a-8c2d-1f0e9d8c7b6a',
    company: { ...ACC },
    title: 'Outcome of Board Meeting - Q3 FY25 results',
    snippet: 'Consolidated **revenue** from operations rose to Rs 5,927 crore, up 2.2% on the year, on volume growth of 12%.',
    document_type: 'financial_results',
    event_type: null,
    source_url: 'https://www.bseindia.com/xml-data/corpfiling/AttachLive/5a7d2c1e.pdf',
    published_at: '2025-01-31T13:10:00.000Z',
    known_at: '2025-01-31T13:15:56.000Z',
    score: 0.82,
    ...overrides,
  };
}

/** A packet for a question; the plan is completed with its defaults. */
export function givenPacket(plan: RetrievalPlanInput, parts: Partial<Omit<EvidencePacket, 'plan'>> = {}): EvidencePacket {
  return {
    question: 'What was the revenue of ACC in Q3 FY25?',
    plan: RetrievalPlanSchema.parse(plan),
    planned_by: 'planner',
    company: ACC,
    candidates: [],
    facts: [],
    metrics: [],
    screen: null,
    quote: null,
    passages: [],
    gaps: [],
    ...parts,
  };
}
