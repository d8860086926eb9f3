import { type CrossSectionPeriod, crossSectionQuery, toFact } from '#projections/facts';
import type { FactConcept, Basis } from '#schemas/common';
import { MAX_CROSS_SECTION_OFFSET } from '#schemas/mcp';
import type { Fact, ScreenMetric, ScreenMetricUnit, ScreenResult, ScreenResultRow } from '#schemas/read-models';
import type { SqlExecutor } from '#platform/db';
import { ScreenRequestError } from '#platform/errors';
import { conceptLabel } from '#read/phrases';

export interface CrossSectionScreenParams {
  readonly concept: FactConcept;
  readonly length: 'quarterly' | 'annual';
  readonly period: CrossSectionPeriod;
  /** One basis; both, a row each, when undefined. */
  readonly basis?: Basis | undefined;
  /** Only what was knowable at this instant; undefined means now. */
  readonly asOf?: string | undefined;
  readonly limit: number;
  /** Rows to skip, at most MAX_CROSS_SECTION_OFFSET: the database reads every row it skips. */
  readonly offset: number;
}

/**
 * Most rows the count reads. A cross-section holds a row per company, basis and period type
 * (a few thousand per basis over the listed companies), so this is never reached; it keeps the
 * count's work bounded whatever the table holds.
 */
const MAX_COUNTED = 100_000;

/** Ingestion takes a fact only in its concept's unit (nse-results-xbrl/collect-facts.ts): rupees per share for a per-share concept, else rupees. */
const unitOf = (concept: FactConcept): ScreenMetricUnit => (concept.endsWith('PerShare') ? 'INR/share' : 'INR');

function metricOf(params: CrossSectionScreenParams): ScreenMetric {
  const unit = unitOf(params.concept);
  const basis = params.basis ?? 'consolidated and standalone, a row each';
  return {
    id: params.concept,
    label: conceptLabel(params.concept),
    unit,
    description: `The value each company reported for the period (${basis}), the version known at as_of (the latest when as_of is null): exact, in whole ${unit === 'INR' ? 'rupees' : 'rupees per share'}, not scaled to crore or lakh.`,
    source: 'facts',
  };
}

const toResultRow = (fact: Fact): ScreenResultRow => ({
  company: fact.company,
  values: { [fact.concept]: fact.value },
  periods: [
    {
      source: 'facts',
      basis: fact.basis,
      period_type: fact.period.type,
      period_start: fact.period.start,
      period_end: fact.period.end,
      fiscal_year: fact.period.fiscal_year,
      known_at: fact.known_at,
      inputs: [{ measure: fact.concept, period_end: fact.period.end, known_at: fact.known_at, filing_id: fact.filing_id }],
    },
  ],
});

/** `crossSectionQuery`'s statement for these params, reading at most `limit` rows. */
const statementOf = (params: CrossSectionScreenParams, limit: number) =>
  crossSectionQuery({ ...params, view: 'as_of', limit, after: undefined });

/** The page at `offset`: the statement ends with its limit, so the database skips the rows before the page, in its order. */
async function readPage(db: SqlExecutor, params: CrossSectionScreenParams): Promise<Fact[]> {
  const { text, values } = statementOf(params, params.limit);
  if (!/\blimit \$\d+\s*$/.test(text)) throw new Error('the cross-section statement no longer ends with its limit');
  const { rows } = await db.query<Parameters<typeof toFact>[0]>(`${text} offset $${values.length + 1}`, [...values, params.offset]);
  return rows.map(toFact);
}

async function countRows(db: SqlExecutor, params: CrossSectionScreenParams): Promise<number> {
  const { text, values } = statementOf(params, MAX_COUNTED);
  const { rows } = await db.query<{ total: number }>(`select count(*)::int8 as total from (${text}) cross_section`, values);
  return rows[0]?.total ?? 0;
}

/**
 * A plain cross-section as a screen's result: one row per fact of `concept` for the period
 * (per company, and per basis unless one is given), the version known at `asOf`, in company
 * order, one page at `offset`, and the total. A company that had not reported it by then is
 * absent, never zero. Throws `ScreenRequestError` (422) for an offset past
 * MAX_CROSS_SECTION_OFFSET: every request reads at most that many rows and a count.
 */
export async function crossSectionScreen(db: SqlExecutor, params: CrossSectionScreenParams): Promise<ScreenResult> {
  if (params.offset > MAX_CROSS_SECTION_OFFSET) {
    throw new ScreenRequestError([
      {
        loc: ['offset'],
        msg: `a cross-section skips at most ${MAX_CROSS_SECTION_OFFSET} rows; give basis, or a narrower period, for fewer rows`,
        type: 'less_than_equal',
        input: params.offset,
        ctx: { le: MAX_CROSS_SECTION_OFFSET },
      },
    ]);
  }
  const facts = await readPage(db, params);
  // A short page that is not past the end is the last: its end is the total; otherwise count.
  const last = facts.length < params.limit && (facts.length > 0 || params.offset === 0);
  const total = last ? params.offset + facts.length : await countRows(db, params);
  return {
    as_of: params.asOf === undefined ? null : new Date(params.asOf).toISOString(),
    total,
    metrics: [metricOf(params)],
    rows: facts.map(toResultRow),
  };
}
