import { type DateWindow, readDateWindow } from './date-window.ts';
import { type EventMention, eventTypesOf, findEventMentions } from './event-mentions.ts';

/** The event types a question names and, when it names any, the window of days it gives. */
export interface EventRead {
  readonly types: readonly string[];
  readonly mentions: readonly EventMention[];
  readonly window: DateWindow;
}

/**
 * Event types, then the date window only when an event type is named: "in July 2020" is a
 * window for insider trades, while "revenue in 2023" stays a (noted) calendar year.
 */
export function readEvents(text: string): EventRead {
  const mentions = findEventMentions(text);
  const window = mentions.length > 0 ? readDateWindow(text) : { from: null, to: null, spans: [], notes: [] };
  return { types: eventTypesOf(mentions), mentions, window };
}
