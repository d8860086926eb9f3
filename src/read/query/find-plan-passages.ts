import type { Gap, Passage, RetrievalPlan } from '#schemas/query';
import type { CompanyIdentity } from '#schemas/read-models';
import type { SqlExecutor } from '#platform/db';
import { fetchEventPassages } from './fetch-event-passages.ts';
import { findPassages } from './find-passages.ts';

/**
 * The passages of a plan: with event types or a date window, the disclosures of those types
 * (or of every type) in the window, the company's when one is named, else every company's
 * ("board meetings on 21 August 2021" lists board meetings, never whatever text says "board");
 * else a text search, within the company when one is named. A company named but not resolved
 * gets no passages: another company's text is never quoted as if it were its.
 */
export async function findPlanPassages(
  db: SqlExecutor,
  run: { question: string; plan: RetrievalPlan; company: CompanyIdentity | null },
  limit: number,
): Promise<{ items: Passage[]; gaps: Gap[] }> {
  const { plan, company } = run;
  if (plan.reference && !company) {
    const subject = plan.reference;
    return {
      items: [],
      gaps: [{ kind: 'missing', subject: 'documents', message: `No documents were searched: '${subject}' names no one company here.` }],
    };
  }
  const listsEvents = plan.event_types.length > 0 || plan.date_from !== null || plan.date_to !== null;
  if (listsEvents) return fetchEventPassages(db, company?.id ?? null, plan, limit);
  const items = await findPassages(db, { text: plan.search_text ?? run.question, companyId: company?.id, asOf: plan.as_of, limit });
  const gaps: Gap[] =
    items.length === 0
      ? [
          {
            kind: 'absence_not_proven',
            subject: 'documents',
            message: 'No filing or announcement matched; that is not proof that none exists, only that none ingested here matches.',
          },
        ]
      : [];
  return { items, gaps };
}
