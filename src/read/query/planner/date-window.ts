import { isoDay, addDays, endOfMonth } from '#platform/time';
import { readDateAt, MONTH_PATTERN, monthNumber } from '#domain/indian-text';
import type { Span } from './spans.ts';

/** The days a question's events fall in: from and to inclusive, either open. */
export interface DateWindow {
  readonly from: string | null;
  readonly to: string | null;
  readonly spans: readonly Span[];
  readonly notes: readonly string[];
}

/** A written day, month or year as a range of days, and where its text ends. */
interface Written {
  readonly first: string;
  readonly last: string;
  readonly end: number;
}

const MONTH_YEAR = new RegExp(`(${MONTH_PATTERN})[\\s,'-]*(\\d{4})\\b`, 'iy');
const YEAR = /((?:19|20|21)\d{2})\b(?![-/]\d)/y;

function writtenAt(text: string, at: number): Written | undefined {
  const date = readDateAt(text, at);
  if (date) return { first: isoDay(date.day), last: isoDay(date.day), end: date.end };
  MONTH_YEAR.lastIndex = at;
  const month = MONTH_YEAR.exec(text);
  const number = month ? monthNumber(month[1] ?? '') : undefined;
  if (month && number !== undefined) {
    const year = Number(month[2]);
    return { first: isoDay({ year, month: number, day: 1 }), last: endOfMonth(year, number), end: at + month[0].length };
  }
  YEAR.lastIndex = at;
  const year = YEAR.exec(text);
  if (year) return { first: `${year[1]}-01-01`, last: `${year[1]}-12-31`, end: at + year[0].length };
  return undefined;
}

const RANGE = /\b(?:between|from)\s+/gi;
const RANGE_JOIN = /\s*(?:and|to|till|until|through|-)\s+/y;
const SINGLE = /\b(in|during|on|from|since|after|before|until|till|by)\s+(?:the\s+(?:month|year)\s+of\s+)?/gi;

function readRange(text: string): DateWindow | undefined {
  for (const lead of text.matchAll(RANGE)) {
    const start = writtenAt(text, (lead.index ?? 0) + lead[0].length);
    if (!start) continue;
    RANGE_JOIN.lastIndex = start.end;
    const join = RANGE_JOIN.exec(text);
    const end = join ? writtenAt(text, start.end + join[0].length) : undefined;
    if (!end) continue;
    return {
      from: start.first,
      to: end.last,
      spans: [{ start: lead.index ?? 0, end: end.end }],
      notes: [`events between ${start.first} and ${end.last}`],
    };
  }
  return undefined;
}

/** "since", "from" (with no end written) and "after" open the end, "before", "until" and "by" the start; "before" and "after" exclude the date written. */
function bounds(word: string, written: Written): { from: string | null; to: string | null } {
  if (word === 'since' || word === 'from') return { from: written.first, to: null };
  if (word === 'after') return { from: addDays(written.last, 1), to: null };
  if (word === 'before') return { from: null, to: addDays(written.first, -1) };
  if (word === 'until' || word === 'till' || word === 'by') return { from: null, to: written.last };
  return { from: written.first, to: written.last };
}

function readSingle(text: string): DateWindow | undefined {
  for (const lead of text.matchAll(SINGLE)) {
    const written = writtenAt(text, (lead.index ?? 0) + lead[0].length);
    if (!written) continue;
    const { from, to } = bounds((lead[1] ?? '').toLowerCase(), written);
    const spans = [{ start: lead.index ?? 0, end: written.end }];
    return { from, to, spans, notes: [`events ${from ? `from ${from}` : ''}${from && to ? ' ' : ''}${to ? `to ${to}` : ''}`] };
  }
  return undefined;
}

const NONE: DateWindow = { from: null, to: null, spans: [], notes: [] };

/**
 * The date window of an event question: "between 1 June 2020 and 15 July 2020", "from
 * April 2020 to July 2020", "in July 2020", "on 24 July 2020", "in 2020", "since March
 * 2021", "before 2021". A month is its whole month, a year its calendar year (events are
 * dated by the day they were published, not by fiscal period). Pure.
 */
export function readDateWindow(text: string): DateWindow {
  return readRange(text) ?? readSingle(text) ?? NONE;
}
