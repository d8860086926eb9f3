import type { DomainEvent } from '#schemas/events';
import type { NewEvent } from '#platform/event-store';
import { addDays, istToIso } from '#platform/time';
import { createEventEmitter, type Parser, type Problem, decodeText } from '#ingest/shared/parser';
import { rowsOutcome, readRows, emitChecked } from '#ingest/shared/parse-support';
import { readSymbolChangeLine, SYMBOL_CHANGE_LINE, type SymbolChange } from './read-symbol-change-line.ts';

const FORMAT = 'nse-symbol-change';
const VERSION = 1;

/**
 * When a change was knowable: from the start (IST) of its effective day, as NSE announces
 * a symbol change before it takes effect; or the file's time (the connector's, else receipt)
 * when that is earlier (a change fetched before its day).
 */
function knownAtOf(change: SymbolChange, file: { readonly knownAt: string | null; readonly receivedAt: string }) {
  const day = istToIso(change.effectiveDate);
  const fileAt = file.knownAt ?? file.receivedAt;
  return Date.parse(day) <= Date.parse(fileAt)
    ? { at: day, basis: 'implied' as const }
    : { at: fileAt, basis: file.knownAt ? ('file' as const) : ('received' as const) };
}

/**
 * The SymbolsObserved of one change: the old symbol's last day is the day before the change,
 * the new symbol's first day is the change's day. The file states no other day, so each
 * symbol's span is that one day: enough for the resolver, which finds the holder of the new
 * symbol on its day (`src/read/identity/resolve-company.ts`, holderThroughChain).
 */
const observedOf = (change: SymbolChange) => ({
  exchange: 'NSE',
  isin: null,
  symbols: [
    { symbol: change.oldSymbol, firstDay: addDays(change.effectiveDate, -1), lastDay: addDays(change.effectiveDate, -1) },
    { symbol: change.newSymbol, firstDay: change.effectiveDate, lastDay: change.effectiveDate },
  ],
  parserVersion: VERSION,
});

/**
 * NSE's list of symbol changes (`content/equities/symbolchange.csv`): one SymbolsObserved per
 * change, so that an old symbol finds the company the new one names. Headerless.
 */
export const nseSymbolChangeParser: Parser = {
  format: FORMAT,
  version: VERSION,
  description: 'NSE symbol changes (symbolchange.csv): old and new symbol, effective date',
  priority: 0,
  detect: (fileName, head) => {
    const lines = head
      .split(/\r?\n/)
      .slice(0, 5)
      .filter((line) => line !== '');
    // The head's last line may be cut; the first full lines decide.
    const full = lines.length > 1 ? lines.slice(0, -1) : lines;
    return full.length > 0 && full.every((line) => SYMBOL_CHANGE_LINE.test(line)) && (/symbolchange/i.test(fileName) || full.length >= 3);
  },
  parse(input) {
    const lines = decodeText(input.bytes)
      .replace(/^\uFEFF/, '')
      .split(/\r?\n/);
    const numbered = lines.map((line, i) => ({ line, n: i + 1 })).filter(({ line }) => line.trim() !== '');
    if (numbered.length === 0)
      return { ok: false, reason: 'the file is empty: expected lines "company name,OLD,NEW,DD-MON-YYYY"', problems: [] };
    const read = readRows(numbered, ({ line, n }) => readSymbolChangeLine(line, n));
    if (read.rows.length === 0) return { ok: false, reason: 'no line is a symbol change', problems: read.problems };
    const emitter = createEventEmitter(input, { format: FORMAT, parserVersion: VERSION, source: 'nse' });
    const events: NewEvent<DomainEvent>[] = [];
    const problems: Problem[] = [...read.problems];
    const seen = new Set<string>();
    for (const change of read.rows) {
      const key = `${change.oldSymbol}>${change.newSymbol}@${change.effectiveDate}`;
      if (seen.has(key)) {
        problems.push({ where: change.where, message: `repeats the change ${key}: read once` });
        continue;
      }
      seen.add(key);
      const knownAt = knownAtOf(change, input);
      const emitted = emitChecked(emitter, 'SymbolsObserved', observedOf(change), key, knownAt.at, knownAt.basis);
      if (emitted.ok) events.push(emitted.event);
      else problems.push({ where: change.where, message: emitted.message });
    }
    return rowsOutcome(events, numbered.length, problems);
  },
};
