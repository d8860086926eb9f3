import type { RetrievalPlan } from '#schemas/query';
import type { EventRead } from './read-events.ts';

const EVENT_ROUTES = new Set<RetrievalPlan['route']>(['semantic', 'hybrid']);

/**
 * The plan's event fields: on the document routes, the event types named and the window of
 * days; elsewhere none (a screen or a quote lists no disclosures), and the notes say so. A
 * question about every disclosure in a window ("What did ACC announce in August 2021?")
 * gets the window with no type, on the semantic route when it asks for no figures.
 */
export function buildEventFields(
  route: RetrievalPlan['route'],
  events: EventRead,
  concepts: readonly string[],
): { fields: Pick<RetrievalPlan, 'event_types' | 'date_from' | 'date_to'>; notes: string[] } {
  const { anyType } = events;
  if (events.types.length === 0 && anyType && route === 'semantic' && concepts.length === 0) {
    return {
      fields: { event_types: [], date_from: anyType.from, date_to: anyType.to },
      notes: ['disclosures of every type in the window', ...anyType.notes],
    };
  }
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
