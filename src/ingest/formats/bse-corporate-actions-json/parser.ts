import { fileKnownAt } from '../../shared/corporate-action-purpose/action-known-at.ts';
import { corporateActionFileEvents } from '../../shared/corporate-action-purpose/corporate-action-events.ts';
import { createEventEmitter } from '../../shared/event-emitter.ts';
import type { Parser } from '../../shared/parser.ts';
import { rowsOutcome } from '../../shared/parse-support/parse-outcome.ts';
import { readJson } from '../../shared/parse-support/read-json.ts';
import { readRows } from '../../shared/parse-support/read-rows.ts';
import { recordsOf } from './action-record.ts';
import { readFetchedAt } from './fetched-at.ts';
import { readActionRecord } from './read-action-record.ts';

const FORMAT = 'bse-corporate-actions-json';
const VERSION = 2;

const EXPECTED =
  'expected a JSON array of BSE corporate actions (scrip_code, Purpose, Ex_date, RD_Date, …), bare or under "data"';

/**
 * BSE's corporate actions as its API returns them (JSON): one CorporateActionAnnounced per
 * action in each record's purpose. The file's time is the connector's, else the fetch time
 * the wrapper states (`metadata.last_updated`: the actions were public by then), else the
 * time received; an action whose ex-date or record date began earlier is known from then
 * (`actionKnownAt`).
 */
export const bseCorporateActionsJsonParser: Parser = {
  format: FORMAT,
  version: VERSION,
  description: 'BSE corporate actions API export (JSON): dividends, splits, bonuses, rights, buybacks',
  priority: 5,
  detect: (_fileName, head) => /^\s*[[{]/.test(head) && head.includes('"scrip_code"') && head.includes('"Purpose"'),
  parse(input) {
    const json = readJson(input.bytes, EXPECTED);
    if (!json.ok) return { ok: false, reason: json.reason, problems: [] };
    const document = recordsOf(json.value);
    if (!document) return { ok: false, reason: `not a ${FORMAT} file: ${EXPECTED}`, problems: [] };
    const { records, fetchedAt } = document;
    const { rows, problems } = readRows(records, (record, position) => readActionRecord(record, position, input.companies));
    const emitter = createEventEmitter(input, { format: FORMAT, parserVersion: VERSION, source: 'bse' });
    const file = fileKnownAt(input, readFetchedAt(fetchedAt));
    const { events, problems: rowProblems } = corporateActionFileEvents(rows, emitter, VERSION, file);
    return rowsOutcome(events, records.length, [...problems, ...rowProblems]);
  },
};
