import { listShareholding } from '#projections/shareholding';
import { OWNERSHIP_FIELDS } from '#schemas/common';
import type { Gap, OwnershipChange, RetrievalPlan } from '#schemas/query';
import type { ShareholdingSnapshot } from '#schemas/read-models';
import type { SqlExecutor } from '#platform/db';
import { fiscalQuarterOfMonth } from '#platform/time';
import { Decimal } from '#platform/decimals';

export type OwnershipField = (typeof OWNERSHIP_FIELDS)[number];
const OWNERSHIP = new Set<string>(OWNERSHIP_FIELDS);
export const isOwnershipField = (id: string): id is OwnershipField => OWNERSHIP.has(id);

/** The plan's ownership fields (promoter_pct, fii_pct, ...), in its order. */
export const ownershipFieldsOf = (plan: RetrievalPlan): OwnershipField[] => plan.concepts.filter(isOwnershipField);

/** The fiscal year and quarter a snapshot's period end falls in (31 March 2024: Q4 FY2024). */
function fiscalPeriodOf(periodEnd: string): { fiscalYear: number; quarter: number } {
  const [year, month] = periodEnd.split('-').map(Number);
  return fiscalQuarterOfMonth(year ?? 0, month ?? 1);
}

function inPlanPeriod(plan: RetrievalPlan, snapshot: ShareholdingSnapshot): boolean {
  const { fiscalYear, quarter } = fiscalPeriodOf(snapshot.period_end);
  if (plan.fiscal_year !== null && fiscalYear !== plan.fiscal_year) return false;
  // A year without a quarter: its closing pattern, at the end of Q4.
  const wanted = plan.fiscal_quarter ?? (plan.fiscal_year !== null && plan.period !== 'quarterly' ? 4 : null);
  return wanted === null || quarter === wanted;
}

/** Each field's change from the earlier pattern to the later one, exact, in percentage points. */
function changesBetween(earlier: ShareholdingSnapshot, later: ShareholdingSnapshot, fields: readonly OwnershipField[]): OwnershipChange[] {
  return fields.map((field) => {
    const [from, to] = [earlier[field], later[field]];
    return {
      company: later.company,
      field,
      from_period_end: earlier.period_end,
      from_filing_id: earlier.filing_id,
      to_period_end: later.period_end,
      to_filing_id: later.filing_id,
      change: from === null || to === null ? null : new Decimal(to).minus(from).toFixed(),
    };
  });
}

const missingGaps = (items: readonly ShareholdingSnapshot[], fields: readonly OwnershipField[]): Gap[] =>
  items.flatMap((s) =>
    fields
      .filter((field) => s[field] === null)
      .map((field): Gap => ({ kind: 'missing', subject: field, message: `The pattern for ${s.period_end} does not state ${field}.` })),
  );

/**
 * The company's ownership snapshots for the plan's ownership fields, as known at `as_of`:
 * the pattern of the period the plan names, else the newest one (a quarterly plan without a
 * year: the newest `limit`). With `change_from`, also the pattern in force that day (the
 * newest whose period ends on or before it) and each field's change between the two. A field
 * the snapshot does not state is a gap, never 0.
 */
export async function fetchOwnership(
  db: SqlExecutor,
  companyId: string,
  plan: RetrievalPlan,
  limit: number,
): Promise<{ items: ShareholdingSnapshot[]; changes?: OwnershipChange[]; gaps: Gap[] }> {
  const fields = ownershipFieldsOf(plan);
  if (fields.length === 0) return { items: [], gaps: [] };
  const asOf = plan.as_of ?? undefined;
  const all = await listShareholding(db, { companyId, holders: false, limit: 200, ...(asOf ? { asOf } : {}) });
  const matching = all.filter((s) => inPlanPeriod(plan, s));
  const history = plan.period === 'quarterly' && plan.fiscal_quarter === null && !plan.change_from;
  const items = matching.slice(0, history ? limit : 1);
  const known = asOf ? ` as known at ${asOf}` : '';
  if (items.length === 0) {
    return {
      items,
      gaps: [{ kind: 'missing', subject: 'shareholding', message: `No shareholding pattern was found for the period asked${known}.` }],
    };
  }
  const later = items[0];
  if (!plan.change_from || !later) return { items, gaps: missingGaps(items, fields) };
  // Newest first: the first pattern whose period ends on or before the day.
  const earlier = all.find((s) => s.period_end <= (plan.change_from ?? '') && s.period_end < later.period_end);
  if (!earlier) {
    const gap: Gap = {
      kind: 'missing',
      subject: 'shareholding',
      message: `No shareholding pattern for a period ending on or before ${plan.change_from} was found${known}, so no change is computed.`,
    };
    return { items, changes: [], gaps: [gap, ...missingGaps(items, fields)] };
  }
  const pair = [earlier, later];
  return { items: pair, changes: changesBetween(earlier, later, fields), gaps: missingGaps(pair, fields) };
}
