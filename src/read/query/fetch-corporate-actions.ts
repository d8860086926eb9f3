import { listCorporateActions } from '#projections/corporate-actions';
import type { Gap, RetrievalPlan } from '#schemas/query';
import type { CorporateAction } from '#schemas/read-models';
import type { SqlExecutor } from '#platform/db';
import { findDataset, checkDataset } from '#read/datasets';
import { corporateActionTypeOf } from './corporate-action-events.ts';

function windowPhrase(plan: RetrievalPlan): string {
  const { date_from: from, date_to: to } = plan;
  if (from && to) return ` with an ex-date from ${from} to ${to}`;
  if (from) return ` with an ex-date on or after ${from}`;
  if (to) return ` with an ex-date on or before ${to}`;
  return '';
}

/**
 * The company's corporate actions the plan asks about (dividends; or every kind: splits,
 * bonuses, rights, buybacks), newest ex-date first, with their ex-date within the plan's
 * `date_from`..`date_to` and knowable at `as_of` (their `known_at` at or before it). None
 * found is an `absence_not_proven` gap; more than `limit` says how many were left out.
 */
export async function fetchCorporateActions(
  db: SqlExecutor,
  companyId: string,
  plan: RetrievalPlan,
  limit: number,
): Promise<{ items: CorporateAction[]; gaps: Gap[] }> {
  const status = await checkDataset(db, findDataset('corporate_actions'));
  if (!status.available) {
    const message = `The corporate_actions dataset is unavailable: ${status.reason ?? 'unknown'}.`;
    return { items: [], gaps: [{ kind: 'unavailable', subject: 'corporate_actions', message }] };
  }
  const type = corporateActionTypeOf(plan);
  const page = await listCorporateActions(db, {
    companyId,
    type,
    start: plan.date_from ?? null,
    end: plan.date_to ?? null,
    knownBy: plan.as_of,
    limit,
  });
  const what = type === 'dividend' ? 'dividend' : 'corporate action (dividend, split, bonus, rights issue or buyback)';
  const known = plan.as_of ? `, as known at ${plan.as_of}` : '';
  if (page.items.length === 0) {
    const message = `No ${what}${windowPhrase(plan)} is recorded in the corporate actions held here${known}; this is not proof that none took place.`;
    return { items: [], gaps: [{ kind: 'absence_not_proven', subject: 'corporate_actions', message }] };
  }
  const left = page.total - page.items.length;
  const gaps: Gap[] =
    left > 0
      ? [
          {
            kind: 'missing',
            subject: 'corporate_actions',
            message: `${left} more corporate actions match; the newest ${page.items.length} are shown.`,
          },
        ]
      : [];
  return { items: page.items, gaps };
}
