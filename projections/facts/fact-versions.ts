import { toPgArray } from '#platform/db';
import { companyIdOfFiling } from '#domain/identity';
import type { FactKeyRow } from './supersession.ts';
import type { FinancialsEvent } from './fact-filings.ts';

/** The columns a new fact version is inserted with, and their SQL types. */
export const VERSION_COLUMNS = [
  ['company_id', 'uuid'],
  ['period_end', 'date'],
  ['concept', 'text'],
  ['basis', 'text'],
  ['period_type', 'text'],
  ['known_at', 'timestamptz'],
  ['filing_id', 'uuid'],
  ['period_start', 'date'],
  ['fiscal_year', 'smallint'],
  ['fiscal_quarter', 'smallint'],
  ['value', 'numeric'],
  ['unit', 'text'],
  ['decimals', 'smallint'],
  ['scale', 'text'],
  ['element', 'text'],
] as const;

type Cell = string | number | null;

/** A batch's new fact versions, as insert parameters. Pure, so it is built off the write path. */
export interface FactVersions {
  readonly parses: readonly FinancialsEvent[];
  readonly count: number;
  /** One array literal per column of VERSION_COLUMNS. */
  readonly columns: readonly string[];
  /** The event id of each version's parse, as an array literal (computed when asked). */
  eventIds(): string;
  /** Keys that have more than one version within this batch. */
  readonly repeatedKeys: readonly FactKeyRow[];
  /** Every (company, period end) the batch reports, once each. */
  readonly periods: { readonly companyIds: readonly string[]; readonly periodEnds: readonly string[] };
  /** The keys of the versions for one company and period end. */
  keysOf(companyId: string, periodEnd: string): FactKeyRow[];
}

/**
 * Lays out the facts of the given parses column by column, without an object per fact:
 * a projection batch holds tens of thousands of them. A parse that states the same fact
 * twice keeps the first. Several parses of one filing (replaced ones) are laid out apart.
 */
export function planFactVersions(parses: readonly FinancialsEvent[]): FactVersions {
  // In VERSION_COLUMNS order.
  const cells: Cell[][] = VERSION_COLUMNS.map(() => []);
  const [
    companyIds,
    periodEnds,
    concepts,
    bases,
    periodTypes,
    knownAts,
    filingIds,
    periodStarts,
    fiscalYears,
    fiscalQuarters,
    values,
    units,
    decimals,
    scales,
    elements,
  ] = cells as [Cell[], Cell[], Cell[], Cell[], Cell[], Cell[], Cell[], Cell[], Cell[], Cell[], Cell[], Cell[], Cell[], Cell[], Cell[]];
  // company -> "periodEnd|concept|basis|periodType" -> parses that report it
  const parsesByKey = new Map<string, Map<string, string[]>>();
  const periods = new Map<string, [string, string]>();
  const repeatedKeys: FactKeyRow[] = [];
  const eventIds: string[] = [];

  for (const { id, data, metadata } of parses) {
    const companyId = companyIdOfFiling(data);
    let byKey = parsesByKey.get(companyId);
    if (!byKey) parsesByKey.set(companyId, (byKey = new Map<string, string[]>()));
    for (const fact of data.facts) {
      const { period } = fact;
      const key = `${period.end}|${fact.concept}|${fact.basis}|${period.type}`;
      const reporting = byKey.get(key);
      if (reporting?.includes(id)) continue;
      if (reporting) {
        reporting.push(id);
        repeatedKeys.push({
          company_id: companyId,
          period_end: period.end,
          concept: fact.concept,
          basis: fact.basis,
          period_type: period.type,
        });
      } else {
        byKey.set(key, [id]);
      }
      eventIds.push(id);
      companyIds.push(companyId);
      periodEnds.push(period.end);
      concepts.push(fact.concept);
      bases.push(fact.basis);
      periodTypes.push(period.type);
      knownAts.push(metadata.knownAt);
      filingIds.push(data.filingId);
      periodStarts.push(period.start);
      fiscalYears.push(period.fiscalYear);
      fiscalQuarters.push(period.fiscalQuarter);
      values.push(fact.value);
      units.push(fact.unit);
      decimals.push(fact.decimals);
      scales.push(fact.scale);
      elements.push(fact.element);
      periods.set(`${companyId}|${period.end}`, [companyId, period.end]);
    }
  }

  const count = companyIds.length;
  return {
    parses,
    count,
    columns: cells.map((column) => toPgArray(column)),
    eventIds: () => toPgArray(eventIds),
    repeatedKeys,
    periods: {
      companyIds: [...periods.values()].map(([companyId]) => companyId),
      periodEnds: [...periods.values()].map(([, periodEnd]) => periodEnd),
    },
    keysOf(companyId, periodEnd) {
      const keys: FactKeyRow[] = [];
      for (let i = 0; i < count; i++) {
        if (companyIds[i] !== companyId || periodEnds[i] !== periodEnd) continue;
        keys.push({
          company_id: companyId,
          period_end: periodEnd,
          concept: concepts[i] as string,
          basis: bases[i] as string,
          period_type: periodTypes[i] as string,
        });
      }
      return keys;
    },
  };
}
