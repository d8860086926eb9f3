import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { REPORTED_CONCEPTS } from '#schemas/common/concepts';
import { EvidencePacketSchema, GAP_KINDS } from '#schemas/query/evidence';
import { PLAN_ROUTES } from '#schemas/query/plan';
import { METRIC_IDS } from '#schemas/read-models/metric';
import { adviceTermsIn } from './advice-terms.ts';
import { numbersNotInPacket } from './number-check.ts';
import { writeAnswer } from './write-answer.ts';

/** Text with the characters that trouble a number check: digits, signs, separators, quotes, markers, currency. */
const text = (maxLength = 40) =>
  fc.string({
    unit: fc.constantFrom(
      ...'aZ q 0123456789,.-%₹“”"\'**:()/'.split(''),
      'crore',
      'lakh',
      'Rs',
      'INR',
      'FY',
      'Q3',
      ' seven ',
      'December ',
      ' UTC',
      '\n',
      'T',
      'bn',
      'per cent',
      'BSE: ',
      'filing ',
    ),
    maxLength,
  });
const optionalText = fc.option(text(), { nil: null });

const decimal = fc
  .tuple(fc.boolean(), fc.bigInt({ min: 0n, max: 10n ** 15n }), fc.integer({ min: 0, max: 6 }), fc.integer({ min: 0, max: 2 }))
  .map(([negative, units, places, padding]) => {
    const digits = units.toString().padStart(places + 1, '0');
    const body = places === 0 ? digits : `${digits.slice(0, -places)}.${digits.slice(-places)}${'0'.repeat(padding)}`;
    return negative && units !== 0n ? `-${body}` : body;
  });

const day = fc
  .date({ min: new Date('1995-01-01T00:00:00Z'), max: new Date('2035-12-31T00:00:00Z'), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10));
const instant = fc
  .tuple(fc.date({ min: new Date('1995-01-01T00:00:00Z'), max: new Date('2035-12-31T00:00:00Z'), noInvalidDate: true }), fc.boolean())
  .map(([d, ist]) => (ist ? `${new Date(d.getTime() + 330 * 60_000).toISOString().slice(0, 19)}+05:30` : d.toISOString()));

const company = fc.record({
  id: fc.uuid(),
  name: optionalText,
  nse_symbol: fc.option(fc.constantFrom('ACC', 'TCS', '3MINDIA', 'M&M', 'NETWORK18'), { nil: null }),
  bse_code: fc.option(fc.constantFrom('500410', '532540', '523395'), { nil: null }),
  isin: fc.option(fc.constantFrom('INE012A01025', 'INE467B01029'), { nil: null }),
  cin: fc.option(fc.constant('L26940MH1936PLC002515'), { nil: null }),
});

const period = fc.record({
  type: fc.constantFrom('quarterly', 'half_yearly', 'nine_months', 'annual', 'instant'),
  start: fc.option(day, { nil: null }),
  end: day,
  fiscal_year: fc.integer({ min: -5, max: 2200 }),
  fiscal_quarter: fc.option(fc.integer({ min: 0, max: 5 }), { nil: null }),
});

const fact = fc.record({
  company,
  concept: fc.constantFrom(...REPORTED_CONCEPTS),
  basis: fc.constantFrom('consolidated', 'standalone'),
  period,
  value: decimal,
  unit: fc.constantFrom('INR', 'INR/share', 'shares', 'pure', '%'),
  decimals: fc.option(fc.integer({ min: -7, max: 2 }), { nil: null }),
  scale: fc.constantFrom('crore', 'Crores', 'lakh', 'lakhs', null, 'millions'),
  filing_id: fc.uuid(),
  document_type: fc.constantFrom('financial_results', 'annual_report'),
  source_url: fc.option(fc.webUrl(), { nil: null }),
  element: fc.option(text(), { nil: null }),
  known_at: instant,
  recorded_at: instant,
  revision_number: fc.nat({ max: 5 }),
});

const metricPeriod = fc.record({
  type: fc.constantFrom('quarterly', 'annual'),
  start: day,
  end: day,
  fiscal_year: fc.integer({ min: 1990, max: 2100 }),
  fiscal_quarter: fc.option(fc.integer({ min: 1, max: 4 }), { nil: null }),
});

const metric = fc.record({
  company,
  metric: fc.constantFrom(...METRIC_IDS),
  basis: fc.constantFrom('consolidated', 'standalone'),
  period: metricPeriod,
  value: fc.option(decimal, { nil: null }),
  unit: fc.constantFrom('INR', 'ratio'),
  reason: fc.option(
    fc.record({ code: fc.constantFrom('missing_input', 'zero_denominator'), concepts: fc.constant(['Revenue']), message: text() }),
    { nil: null },
  ),
  inputs: fc.array(
    fc.record({
      concept: fc.constantFrom(...REPORTED_CONCEPTS),
      role: fc.constantFrom('current', 'prior'),
      period,
      value: decimal,
      unit: fc.constantFrom('INR', 'shares'),
      filing_id: fc.oneof(fc.uuid(), text(12)),
      source_url: fc.option(fc.webUrl(), { nil: null }),
      known_at: instant,
    }),
    { maxLength: 3 },
  ),
  known_at: fc.option(instant, { nil: null }),
});

const screenMetricId = fc.constantFrom(
  'net_margin',
  'return_on_equity',
  'debt_to_equity',
  'ebitda',
  'promoter_pct',
  'price',
  'market_cap',
  'Revenue_growth',
);
const screen = fc.record({
  as_of: fc.option(instant, { nil: null }),
  total: fc.integer({ min: 0, max: 3000 }),
  metrics: fc.array(
    fc.record({
      id: screenMetricId,
      label: text(),
      unit: fc.constantFrom('INR', 'ratio', 'percent', 'INR/share'),
      description: text(),
      source: text(),
    }),
    { maxLength: 3 },
  ),
  rows: fc.array(
    fc.record({
      company,
      values: fc.dictionary(screenMetricId, fc.option(decimal, { nil: null }), { maxKeys: 3 }),
      periods: fc.array(
        fc.record({
          source: text(),
          basis: fc.option(fc.constantFrom('consolidated', 'standalone'), { nil: null }),
          period_type: text(),
          period_start: fc.option(day, { nil: null }),
          period_end: day,
          fiscal_year: fc.option(fc.integer({ min: 1990, max: 2100 }), { nil: null }),
          known_at: fc.option(instant, { nil: null }),
          inputs: fc.array(
            fc.record({ measure: text(), period_end: day, known_at: instant, filing_id: fc.option(fc.uuid(), { nil: null }) }),
            { maxLength: 2 },
          ),
        }),
        { maxLength: 2 },
      ),
    }),
    { maxLength: 3 },
  ),
});

const price = fc.option(decimal, { nil: null });
const quote = fc.record({
  exchange: fc.constantFrom('NSE', 'BSE'),
  ticker: fc.constantFrom('ACC', '500410', 'M&M'),
  series: fc.option(fc.constantFrom('EQ', 'A', 'BE'), { nil: null }),
  isin: fc.option(fc.constant('INE012A01025'), { nil: null }),
  source: fc.constantFrom('quote', 'candle', 'bar'),
  interval: fc.option(fc.constantFrom('1d', '5m', '1m'), { nil: null }),
  as_of: instant,
  age_seconds: fc.nat(),
  last_price: decimal,
  open: price,
  high: price,
  low: price,
  previous_close: price,
  previous_close_source: fc.option(fc.constantFrom('stated', 'daily_candle', 'derived_candle'), { nil: null }),
  previous_close_at: fc.option(instant, { nil: null }),
  previous_close_gap_weekdays: fc.option(fc.nat({ max: 400 }), { nil: null }),
  change: price,
  change_percent: price,
  volume: price,
  value: price,
  high_52: price,
  low_52: price,
  known_at: instant,
  recorded_at: instant,
  source_url: fc.option(fc.webUrl(), { nil: null }),
  source_file: fc.option(fc.constant('cm06JAN2021bhav.csv'), { nil: null }),
  source_document: fc.option(fc.constant('a'.repeat(64)), { nil: null }),
});

const passage = fc.record({
  kind: fc.constantFrom('document', 'announcement'),
  id: fc.oneof(fc.uuid(), text(10)),
  company: fc.option(company, { nil: null }),
  title: text(),
  snippet: text(120),
  document_type: optionalText,
  event_type: optionalText,
  source_url: fc.option(fc.webUrl(), { nil: null }),
  published_at: fc.option(fc.oneof(instant, text(12)), { nil: null }),
  known_at: fc.option(fc.oneof(instant, text(12)), { nil: null }),
  score: fc.double({ min: 0, max: 1, noNaN: true }),
});

const plan = fc.record({
  route: fc.constantFrom(...PLAN_ROUTES),
  reference: fc.option(
    text().filter((t) => t.length > 0),
    { nil: null },
  ),
  concepts: fc.array(fc.oneof(fc.constantFrom('Revenue', 'net_margin', 'ProfitAfterTax_growth'), text()), { maxLength: 3 }),
  fiscal_year: fc.option(fc.integer({ min: 1990, max: 2100 }), { nil: null }),
  fiscal_quarter: fc.option(fc.integer({ min: 1, max: 4 }), { nil: null }),
  period: fc.constantFrom('annual', 'quarterly', 'instant', 'any'),
  basis: fc.constantFrom('consolidated', 'standalone'),
  as_of: fc.option(instant, { nil: null }),
  condition: fc.option(
    fc.record({
      operator: fc.constantFrom('>', '>=', '<', '<=', '='),
      value: fc.oneof(decimal, fc.integer({ min: -1000, max: 100000 })),
      unit: fc.constantFrom('crore', 'lakh', 'INR', 'percent', 'ratio', 'shares', 'per cent', 'lakh crore'),
    }),
    { nil: null },
  ),
  search_text: fc.constant(null),
  filters: fc.array(
    fc.record({
      metric: screenMetricId,
      operator: fc.constantFrom('>', '<', '!='),
      value: fc.oneof(decimal, fc.double({ min: -10, max: 10, noNaN: true })),
    }),
    { maxLength: 3 },
  ),
  sort: fc.option(fc.constantFrom('net_margin', '-return_on_equity', 'price'), { nil: null }),
});

const packet = fc
  .record({
    question: text(),
    plan,
    planned_by: fc.constantFrom('planner', 'caller'),
    company: fc.option(company, { nil: null }),
    candidates: fc.array(
      fc.record({ company, score: fc.double({ min: 0, max: 1, noNaN: true }), match: fc.constantFrom('similar', 'substring') }),
      { maxLength: 2 },
    ),
    facts: fc.array(fact, { maxLength: 4 }),
    metrics: fc.array(metric, { maxLength: 3 }),
    screen: fc.option(screen, { nil: null }),
    quote: fc.option(quote, { nil: null }),
    passages: fc.array(passage, { maxLength: 3 }),
    gaps: fc.array(fc.record({ kind: fc.constantFrom(...GAP_KINDS), message: text(), subject: optionalText }), { maxLength: 3 }),
  })
  .map((p) => EvidencePacketSchema.parse(p));

// 300 random packets take 2-3 s on an idle 2-core machine and over 5 s (vitest's default
// limit) when it is loaded; the limit is a guard against a hang, not a measure of speed.
const PROPERTY_TIMEOUT_MS = 60_000;

describe('writeAnswer over random packets', { timeout: PROPERTY_TIMEOUT_MS }, () => {
  it('never writes a number the packet does not hold, nor advice, and is deterministic', () => {
    fc.assert(
      fc.property(packet, (p) => {
        const answer = writeAnswer(p);
        expect(numbersNotInPacket(answer.text, p)).toEqual([]);
        expect(adviceTermsIn(answer.text, p)).toEqual([]);
        expect(writeAnswer(p)).toEqual(answer);
      }),
      { numRuns: 300 },
    );
  });

  it('the check catches a rendered fact value with any one digit changed', () => {
    const single = fc
      .record({ fact, position: fc.nat(), shift: fc.integer({ min: 1, max: 9 }), plan })
      .map(({ fact: f, position, shift, plan: q }) => ({
        packet: EvidencePacketSchema.parse({
          question: 'q',
          plan: { ...q, route: 'exact', condition: null, filters: [] },
          planned_by: 'planner',
          company: null,
          candidates: [],
          facts: [f],
          metrics: [],
          screen: null,
          quote: null,
          passages: [],
          gaps: [],
        }),
        position,
        shift,
      }));
    fc.assert(
      fc.property(single, ({ packet: p, position, shift }) => {
        const [citation] = writeAnswer(p).citations;
        const value = citation?.value ?? '';
        const digits = [...value.matchAll(/\d/g)].map((m) => m.index);
        const at = digits[position % digits.length] ?? 0;
        const changed = `${value.slice(0, at)}${(Number(value[at]) + shift) % 10}${value.slice(at + 1)}`;
        expect(numbersNotInPacket(`Restated: ${value}.`, p)).toEqual([]);
        expect(numbersNotInPacket(`Restated: ${changed}.`, p)).toEqual([changed]);
      }),
      { numRuns: 300 },
    );
  });
});
