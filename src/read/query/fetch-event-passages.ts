import { listEvents } from '#projections/disclosures';
import type { Gap, Passage, RetrievalPlan } from '#schemas/query';
import type { Event } from '#schemas/read-models';
import type { SqlExecutor } from '#platform/db';

/** A disclosure as a passage: its headline quoted, dated by its publication. */
const toPassage = (event: Event): Passage => ({
  kind: 'announcement',
  id: event.id,
  company: event.company,
  title: event.subject,
  snippet: event.subject,
  document_type: event.document_type,
  event_type: event.event_type,
  source_url: event.attachment_url ?? event.source_url,
  published_at: event.published_at,
  known_at: event.known_at,
  score: 1,
});

// Days of the window in India, where the exchanges publish.
const startOfDay = (day: string) => `${day}T00:00:00+05:30`;
const endOfDay = (day: string) => `${day}T23:59:59.999+05:30`;

/**
 * The disclosures of the plan's event types (of every type when it names none), of one
 * company or (`companyId` null) of every company, published within its date window and
 * knowable at `as_of`, newest first, as passages. None found is a gap that proves nothing;
 * more than `limit` found is a gap saying how many the passages leave out.
 */
export async function fetchEventPassages(
  db: SqlExecutor,
  companyId: string | null,
  plan: RetrievalPlan,
  limit: number,
): Promise<{ items: Passage[]; gaps: Gap[] }> {
  const pages = [];
  for (const type of plan.event_types.length > 0 ? plan.event_types : [undefined]) {
    pages.push(
      await listEvents(db, {
        companyId: companyId ?? undefined,
        type,
        start: plan.date_from ? startOfDay(plan.date_from) : undefined,
        end: plan.date_to ? endOfDay(plan.date_to) : undefined,
        asOf: plan.as_of ?? undefined,
        limit,
        offset: 0,
      }),
    );
  }
  const events = pages
    .flatMap((p) => p.items)
    .sort((a, b) => (a.published_at < b.published_at ? 1 : a.published_at > b.published_at ? -1 : 0))
    .slice(0, limit);
  const total = pages.reduce((sum, p) => sum + p.total, 0);
  const window = [plan.date_from ? `from ${plan.date_from}` : '', plan.date_to ? `to ${plan.date_to}` : ''].filter(Boolean).join(' ');
  const what = `${plan.event_types.length > 0 ? `${plan.event_types.join(' or ')} ` : ''}disclosure${window ? ` ${window}` : ''}`;
  const whose = companyId === null ? 'by any company' : 'for this company';
  const narrower = companyId === null ? 'name a company or ask for a narrower window' : 'ask for a narrower window';
  const gaps: Gap[] =
    events.length === 0
      ? [
          {
            kind: 'absence_not_proven',
            subject: 'events',
            message: `No ${what} is recorded ${whose}; that is not proof that none was made.`,
          },
        ]
      : total > events.length
        ? [
            {
              kind: 'missing',
              subject: 'events',
              message: `Only the newest ${events.length} of ${total} matching disclosures are listed; ${narrower} for the others.`,
            },
          ]
        : [];
  return { items: events.map(toPassage), gaps };
}
