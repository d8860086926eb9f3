import type { FactConcept, FactView, PeriodFilter, PeriodType, Basis } from '#schemas/common';
import type { Fact, FactKey, FactVersion } from '#schemas/read-models';
import type { SqlExecutor } from '#platform/db';
import { type IdentityColumns, toCompanyIdentity } from '#projections/companies';
import { factsFromText } from './facts-from-text.ts';
import { FACTS } from './tables.ts';
import { SELECT_FACT, selectFactFrom, selectFactRecordedBy } from './select-fact.ts';
import type { AsOfParams, PageParams } from '#projections/shared';

export interface ListFactsParams extends PageParams, AsOfParams {
  readonly companyId: string;
  readonly concepts?: readonly FactConcept[] | undefined;
  readonly period?: PeriodFilter | undefined;
  readonly basis?: Basis | undefined;
  /**
   * What this service had recorded by this instant (system time): each filing as parsed
   * then, before any later re-parse; undefined means its record now.
   */
  readonly recordedAsOf?: string | undefined;
  /** Which version of each fact (docs/views.md); `as_of` when absent. `latest` ignores `asOf`. */
  readonly view?: FactView | undefined;
  /** Only fiscal years from this one on (inclusive). */
  readonly fromFiscalYear?: number | undefined;
  /** Only fiscal years up to this one (inclusive). */
  readonly toFiscalYear?: number | undefined;
  /** Only periods ending in this fiscal quarter (1..4); annual durations have none, so they drop out. */
  readonly fiscalQuarter?: number | undefined;
  /** Only the facts after this one in the list's order: the next page of a keyset read (`factPages`). */
  readonly after?: FactPosition | undefined;
}

/**
 * Where a fact stands in the order of `listFacts` (newest period first, then period type,
 * concept and basis): as of one instant a company has one version per key, so this is unique.
 */
export interface FactPosition {
  readonly periodEnd: string;
  readonly periodType: PeriodType;
  readonly concept: FactConcept;
  readonly basis: Basis;
}

export const positionOf = (fact: Fact): FactPosition => ({
  periodEnd: fact.period.end,
  periodType: fact.period.type,
  concept: fact.concept,
  basis: fact.basis,
});

interface FactRowRead extends IdentityColumns {
  concept: Fact['concept'];
  basis: Fact['basis'];
  period_type: Fact['period']['type'];
  period_start: string | null;
  period_end: string;
  fiscal_year: number;
  fiscal_quarter: number | null;
  value: string;
  unit: Fact['unit'];
  decimals: number | null;
  scale: string | null;
  element: string | null;
  filing_id: string;
  document_type: string;
  is_revision: boolean;
  source_url: string | null;
  known_at: Date;
  recorded_at: Date;
  revision_number: number;
  parser_version: number;
}

// Fixed fragments chosen by enum values; user input only ever reaches SQL as parameters.
const PERIOD_FILTER: Record<PeriodFilter, string> = {
  any: 'true',
  annual: `(f.period_type = 'annual' or (f.period_type = 'instant' and f.fiscal_quarter = 4))`,
  quarterly: `f.period_type in ('quarterly', 'instant')`,
};

// The conditions of listFacts on fact-key columns: a recorded-as-of read applies them before
// computing supersession, so they never change which version supersedes which. The concept
// condition has two shapes, so the planner plans each on its own: with concepts named it reads
// the (company, concept, basis, period end) index, whose range for one key holds only that
// key's versions, so an as-of read costs the same however often the company re-filed other
// figures; without, the primary key's range of the company in period order.
const factKeys = (concepts: boolean) => `f.company_id = $1
       and ${concepts ? 'f.concept = any($2::text[])' : '$2::text[] is null'}
       and ($3::text is null or f.basis = $3)`;

const KNOWN_NOW = 'f.superseded_at is null';
// Valid at the instant: known by then and not yet superseded. "Not yet superseded" is written
// as the concept index's last column (an open validity ends at infinity), so that index
// checks both bounds itself and fetches only the versions valid then.
const knownAsOf = (instant: string) => `f.known_at <= ${instant} and coalesce(f.superseded_at, 'infinity'::timestamptz) > ${instant}`;
const FIRST_RELEASE = 'f.revision_number = 0';

/**
 * The condition choosing, of each fact key, the version a view answers with, on rows `f`;
 * `instant` is the as-of instant's SQL parameter, or undefined for now. One version a key at
 * most in every view: validity intervals of a key do not overlap, and a key has one revision 0.
 */
export function versionOfView(view: FactView, instant: string | undefined): string {
  if (view === 'latest') return KNOWN_NOW;
  if (view === 'as_first_reported') return instant === undefined ? FIRST_RELEASE : `${FIRST_RELEASE} and f.known_at <= ${instant}`;
  return instant === undefined ? KNOWN_NOW : knownAsOf(instant);
}

export function toFact(row: FactRowRead): Fact {
  return {
    company: toCompanyIdentity(row),
    concept: row.concept,
    basis: row.basis,
    period: {
      type: row.period_type,
      start: row.period_start,
      end: row.period_end,
      fiscal_year: row.fiscal_year,
      fiscal_quarter: row.fiscal_quarter,
    },
    value: row.value,
    unit: row.unit,
    decimals: row.decimals,
    scale: row.scale,
    filing_id: row.filing_id,
    document_type: row.document_type,
    source_url: row.source_url,
    element: row.element,
    known_at: row.known_at.toISOString(),
    recorded_at: row.recorded_at.toISOString(),
    revision_number: row.revision_number,
  };
}

// The order is descending on the period end and ascending on the rest, so a row comparison
// cannot state "after" alone; the key columns use the "C" collation, which the comparisons
// with text parameters take from the columns, as the sort does.
const afterPosition = (after: FactPosition, param: (value: unknown) => string): string => {
  const end = param(after.periodEnd);
  return `(f.period_end < ${end}::date or (f.period_end = ${end}::date and (f.period_type, f.concept, f.basis) > (${param(after.periodType)}::text, ${param(after.concept)}::text, ${param(after.basis)}::text)))`;
};

/**
 * Rows a page may ask of each named concept and still be read in period order. The server
 * plans the facts read once for any values (ADR 16), so its plan cannot weigh the page's size:
 * in period order it walks the company's facts of every concept until the page is full, which
 * is cheapest for a page of a few periods; a page that takes most of the named concepts'
 * versions reads them all through the concept index and sorts them instead (`chosen`).
 * Measured with generic plans on the bench:api set (60 facts a period, 40 quarters; statements
 * a second, period order against chosen): one concept, 4 rows 6,770 / 4,894, 10 rows 4,378 /
 * 4,591, 40 rows 1,712 / 3,284; two concepts, 16 rows 4,363 / 3,327, 30 rows 2,813 / 2,979;
 * five concepts, 30 rows 3,576 / 2,446, 60 rows 1,922 / 1,914, 248 facts 425–512 / 720–783.
 */
const ROWS_PER_CONCEPT_IN_PERIOD_ORDER = 12;

const ORDER = 'order by f.period_end desc, f.period_type, f.concept, f.basis';

/** The statement `listFacts` runs, exposed so its plan can be checked. */
export function listFactsQuery(params: ListFactsParams): { text: string; values: unknown[] } {
  const values: unknown[] = [
    params.companyId,
    params.concepts && params.concepts.length > 0 ? params.concepts : null,
    params.basis ?? null,
    params.limit,
  ];
  // Optional filters are added only when asked for, each with its own parameter, so the
  // common statement stays the one whose plan as-of-plan.int.spec.ts checks.
  const param = (value: unknown): string => `$${values.push(value)}`;
  const keys = factKeys(values[1] !== null);
  const view = params.view ?? 'as_of';
  const known = versionOfView(view, params.asOf === undefined || view === 'latest' ? undefined : param(params.asOf));
  const optional = [
    params.fromFiscalYear === undefined ? '' : `and f.fiscal_year >= ${param(params.fromFiscalYear)}::int`,
    params.toFiscalYear === undefined ? '' : `and f.fiscal_year <= ${param(params.toFiscalYear)}::int`,
    params.fiscalQuarter === undefined ? '' : `and f.fiscal_quarter = ${param(params.fiscalQuarter)}::int`,
    params.after === undefined ? '' : `and ${afterPosition(params.after, param)}`,
  ].filter((condition) => condition !== '');
  const offset = params.offset ? ` offset ${param(params.offset)}` : '';
  const where = `where ${keys}
       and ${PERIOD_FILTER[params.period ?? 'any']}
       and ${known}${optional.map((condition) => `\n       ${condition}`).join('')}`;
  const concepts = params.concepts?.length ?? 0;
  const chosenFirst = params.recordedAsOf === undefined && concepts > 0 && params.limit > ROWS_PER_CONCEPT_IN_PERIOD_ORDER * concepts;
  if (chosenFirst) {
    // The named concepts' versions as of the instant, all of them: with no order asked of it
    // the planner reads them through the concept index whatever it supposes of the page.
    // Then the page of them, sorted, and only the page's filings and company looked up.
    return {
      text: `with chosen as materialized (
       select f.* from ${FACTS} f
       ${where})
     ${selectFactFrom(`(select * from chosen f ${ORDER} limit $4${offset})`)}
     ${ORDER}`,
      values,
    };
  }
  const source = params.recordedAsOf === undefined ? SELECT_FACT : selectFactRecordedBy(keys, param(params.recordedAsOf));
  return {
    text: `${source}
     ${where}
     ${ORDER}
     limit $4${offset}`,
    values,
  };
}

/**
 * The facts of one company as known at `asOf` (or now): for each fact key, the version
 * with the greatest `known_at` not after `asOf`. Newest period first.
 *
 * Where the executor reads rows as text (the server's pool), the facts are built from the
 * text: `pg` would otherwise parse each of the 26 columns of every row into a row object and
 * each instant into a Date, only for `toFact` to format it back (facts-from-text.ts).
 */
export async function listFacts(db: SqlExecutor, params: ListFactsParams): Promise<Fact[]> {
  return readFacts(db, listFactsQuery(params));
}

/** The facts a statement of `SELECT_FACT`'s columns reads: from the text where the executor reads text, else from its rows. */
export async function readFacts(db: SqlExecutor, { text, values }: { text: string; values: unknown[] }): Promise<Fact[]> {
  if (db.queryText) {
    const facts = factsFromText(await db.queryText(text, values));
    // Undefined only if the statement's columns changed type: read them as below.
    if (facts) return facts;
  }
  const { rows } = await db.query<FactRowRead>(text, values);
  return rows.map(toFact);
}

/**
 * The columns of a fact version `v` in its chain (`window chain`, oldest first): the value
 * before it, whether it changed, and when it was superseded, unless that was after the
 * instant `asOf` names (a parameter; null means every supersession).
 */
export const versionColumns = (asOf: string) =>
  `v.*, lag(v.value) over chain as previous_value, v.value <> lag(v.value) over chain as value_changed,
            case when ${asOf}::timestamptz is null or v.superseded_at <= ${asOf}::timestamptz then v.superseded_at end as superseded_as_of`;

/** A row of `versionColumns`. */
export type VersionRow = FactRowRead & {
  superseded_as_of: Date | null;
  previous_value: string | null;
  value_changed: boolean | null;
};

/** A row of `versionColumns` as the read model states it. */
export const toFactVersion = (row: VersionRow): FactVersion => ({
  ...toFact(row),
  superseded_at: row.superseded_as_of?.toISOString() ?? null,
  previous_value: row.previous_value,
  change: row.value_changed === null ? 'initial' : row.value_changed ? 'restated' : 'unchanged',
  is_revision: row.is_revision,
  parser_version: row.parser_version,
});

export interface ListFactVersionsParams {
  readonly companyId: string;
  readonly concept: FactConcept;
  readonly basis: Basis;
  readonly periodEnd: string;
  /** One period type; undefined means every period type ending on `periodEnd`, each its own chain. */
  readonly periodType?: PeriodType | undefined;
  /**
   * Only the versions knowable at this instant, with a later supersession hidden (it was
   * not knowable then); undefined means every version.
   */
  readonly asOf?: string | undefined;
  /** Only what this service had recorded by this instant, as parsed then; undefined means its record now. */
  readonly recordedAsOf?: string | undefined;
}

const VERSION_KEY = `f.company_id = $1 and f.concept = $2 and f.basis = $3 and f.period_end = $4
             and ($5::text is null or f.period_type = $5::text)`;

/**
 * The version chains of the facts of one concept, basis and period end: each period type's
 * versions oldest first, with what each changed. Values are compared as numbers by the
 * database, so "100.00" re-reported as "100" is unchanged.
 */
export async function listFactVersions(db: SqlExecutor, params: ListFactVersionsParams): Promise<FactVersion[]> {
  const values: unknown[] = [
    params.companyId,
    params.concept,
    params.basis,
    params.periodEnd,
    params.periodType ?? null,
    params.asOf ?? null,
  ];
  const source =
    params.recordedAsOf === undefined ? SELECT_FACT : selectFactRecordedBy(VERSION_KEY, `$${values.push(params.recordedAsOf)}`);
  const { rows } = await db.query<VersionRow>(
    `select ${versionColumns('$6')}
     from (${source}
           where ${VERSION_KEY}
             and ($6::timestamptz is null or f.known_at <= $6::timestamptz)
          ) v
     window chain as (partition by v.period_type order by v.known_at, v.filing_id)
     order by v.period_type, v.known_at, v.filing_id`,
    values,
  );
  return rows.map(toFactVersion);
}

/** Every version of one fact, oldest first, with what each changed. */
export async function getFactVersions(db: SqlExecutor, key: FactKey): Promise<FactVersion[]> {
  return listFactVersions(db, {
    companyId: key.companyId,
    concept: key.concept,
    basis: key.basis,
    periodEnd: key.periodEnd,
    periodType: key.periodType,
  });
}
