import type { DomainEvent } from '#schemas/events';
import type { NewEvent } from '#platform/event-store';
import type { EventEmitter, Problem } from '#ingest/shared/parser';
import { type FileEvents, type ParseContext, emitChecked } from '#ingest/shared/parse-support';
import { actionKnownAt, type KnownAt } from './action-known-at.ts';
import { parsePurpose } from './parse-purpose.ts';
import { normalisePurpose } from './purpose-text.ts';

/** One row of a corporate-actions file, read and resolved, before its purpose is parsed. */
export interface CorporateActionRow {
  readonly where: string;
  readonly exchange: 'NSE' | 'BSE';
  /** The scrip code (BSE) or symbol (NSE) the row is about. */
  readonly ticker: string;
  /** The purpose exactly as published. */
  readonly purpose: string;
  readonly exDate: string | null;
  readonly recordDate: string | null;
  readonly companyId: string | null;
  readonly company: {
    readonly name: string | null;
    readonly nseSymbol: string | null;
    readonly bseCode: string | null;
    readonly isin: string | null;
  };
}

/**
 * The natural key of a row's action: exchange, ticker, ex-date and normalised purpose, plus
 * the action's position when the purpose names several (an interim and a special dividend
 * on one ex-date are two actions).
 */
export function actionKeyOf(row: CorporateActionRow, index: number, count: number): string {
  const base = `${row.exchange}:${row.ticker}:${row.exDate ?? 'no-ex-date'}:${normalisePurpose(row.purpose)}`;
  return count > 1 ? `${base}:${index + 1}` : base;
}

/**
 * A row's CorporateActionAnnounced events: one per action in its purpose, each carrying the
 * whole purpose text as published, known from the row's own dates or the file's time
 * (`actionKnownAt`). An unparsed purpose still gives one event (type null). Returns a
 * problem instead when an event would fail its schema, so one row cannot sink the file.
 */
export function corporateActionEvents(
  row: CorporateActionRow,
  emitter: EventEmitter,
  parserVersion: number,
  file: KnownAt,
): { readonly events: readonly NewEvent<DomainEvent>[]; readonly problem: Problem | null } {
  const actions = parsePurpose(row.purpose);
  const knownAt = actionKnownAt(row, file);
  const events: NewEvent<DomainEvent>[] = [];
  for (const [index, action] of actions.entries()) {
    const key = actionKeyOf(row, index, actions.length);
    const data = {
      actionId: emitter.idFor(key),
      companyId: row.companyId,
      company: { ...row.company, cin: null },
      actionType: action.actionType,
      purpose: row.purpose,
      exDate: row.exDate,
      recordDate: row.recordDate,
      amountPerShare: action.amountPerShare,
      ratio: action.ratio,
      faceValueFrom: action.faceValueFrom,
      faceValueTo: action.faceValueTo,
      parserVersion,
    };
    const emitted = emitChecked(emitter, 'CorporateActionAnnounced', data, key, knownAt.at, knownAt.basis);
    if (!emitted.ok) return { events: [], problem: { where: row.where, message: emitted.message } };
    events.push(emitted.event);
  }
  return { events, problem: null };
}

/**
 * The events of all rows of a file. A row repeating another's key (same ticker, ex-date and
 * purpose) would repeat its events' ids; it is reported and left out.
 */
export function corporateActionFileEvents(rows: readonly CorporateActionRow[], context: ParseContext, file: KnownAt): FileEvents {
  const { emitter, version } = context;
  const seen = new Map<string, string>();
  const events: NewEvent<DomainEvent>[] = [];
  const problems: Problem[] = [];
  for (const row of rows) {
    const key = actionKeyOf(row, 0, 1);
    const first = seen.get(key);
    if (first !== undefined) {
      problems.push({ where: row.where, message: `repeats ${first} (same ticker, ex-date and purpose): read once` });
      continue;
    }
    seen.set(key, row.where);
    const result = corporateActionEvents(row, emitter, version, file);
    events.push(...result.events);
    if (result.problem) problems.push(result.problem);
  }
  return { events, problems };
}
