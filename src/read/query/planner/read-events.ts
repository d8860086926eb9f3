import { type DateWindow, readDateWindow } from './date-window.ts';
import { type EventMention, eventTypesOf, findEventMentions } from './event-mentions.ts';

/** The event types a question names and, when it names any, the window of days it gives. */
export interface EventRead {
  readonly types: readonly string[];
  readonly mentions: readonly EventMention[];
  readonly window: DateWindow;
  /**
   * The window of a question about a company's disclosures of every type ("What did ACC
   * announce in August 2021?", "Reliance filings from March 2024"), when it names no type
   * and gives days; the plan takes it only where nothing else is asked (build-event-fields).
   * Its words stay in the question for the other readers: "revenue as filed in 2023" keeps
   * its year.
   */
  readonly anyType: DateWindow | null;
}

const NO_WINDOW: DateWindow = { from: null, to: null, spans: [], notes: [] };

// Words asking for the disclosures themselves, of whatever type.
const ANY_DISCLOSURE = /\b(?:announce(?:d|s|ments?)?|disclos(?:ed?|es|ures?)|filings|intimations?)\b/i;

/**
 * Event types, then the date window only when an event type is named: "in July 2020" is a
 * window for insider trades, while "revenue in 2023" stays a (noted) calendar year.
 */
export function readEvents(text: string): EventRead {
  const mentions = findEventMentions(text);
  const window = mentions.length > 0 ? readDateWindow(text) : NO_WINDOW;
  const anyType = mentions.length === 0 && ANY_DISCLOSURE.test(text) ? readDateWindow(text) : null;
  return { types: eventTypesOf(mentions), mentions, window, anyType: anyType && (anyType.from || anyType.to) ? anyType : null };
}
