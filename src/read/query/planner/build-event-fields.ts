import type { RetrievalPlan } from '../../../../schemas/query/plan.ts';
import type { EventRead } from './read-events.ts';

const EVENT_ROUTES = new Set<RetrievalPlan['route']>(['semantic', 'hybrid']);

/**
 * The plan's event fields: on the document routes, the event types named and the window of
 * days; elsewhere none (a screen or a quote lists no disclosures), and the notes say so.
 */
export function buildEventFields(
  route: RetrievalPlan['route'],
  events: EventRead,
): { fields: Pick<RetrievalPlan, 'event_types' | 'date_from' | 'date_to'>; notes: string[] } {
  if (events.types.length === 0) return { fields: { event_types: [], date_from: null, date_to: null }, notes: [] };
  if (!EVENT_ROUTES.has(route)) {
    return { fields: { event_types: [], date_from: null, date_to: null }, notes: [`event types left out on the ${route} route`] };
  }
  const types = events.types.slice(0, 8);
  return {
    fields: { event_types: types, date_from: events.window.from, date_to: events.window.to },
    notes: [`event_types: ${types.join(', ')}`, ...events.window.notes],
  };
}
