import { fileKnownAt } from '../../shared/corporate-action-purpose/action-known-at.ts';
import { corporateActionFileEvents } from '../../shared/corporate-action-purpose/corporate-action-events.ts';
import { createEventEmitter } from '../../shared/event-emitter.ts';
import type { Parser } from '../../shared/parser.ts';
import { hasColumns, headerCells } from '../../shared/parse-support/header-cells.ts';
import { rowsOutcome } from '../../shared/parse-support/parse-outcome.ts';
import { readCsvRows } from '../../shared/parse-support/read-csv-rows.ts';
import { NSE_CORPORATE_ACTIONS_COLUMNS } from './columns.ts';
import { readActionRow } from './read-action-row.ts';

const FORMAT = 'nse-corporate-actions';
const VERSION = 2;

/**
 * NSE's corporate-actions export (CF-CA-equities-*.csv): one CorporateActionAnnounced per
 * action in each row's purpose. Implemented from the published layout; no real sample was
 * available (the test file is constructed, see fixtures/nse-corporate-actions/). The file
 * states no broadcast time: an action is known from the start of its ex-date or record date
 * (India), or from the connector's time or receipt when that is earlier (`actionKnownAt`).
 */
export const nseCorporateActionsParser: Parser = {
  format: FORMAT,
  version: VERSION,
  description: 'NSE corporate actions export (CSV): dividends, splits, bonuses, rights, buybacks',
  priority: 5,
  detect: (_fileName, head) => hasColumns(headerCells(head), Object.values(NSE_CORPORATE_ACTIONS_COLUMNS)),
  parse(input) {
    const read = readCsvRows(input.bytes, FORMAT, NSE_CORPORATE_ACTIONS_COLUMNS, (index) => (record) =>
      readActionRow(record, index, input.companies),
    );
    if (!read.ok) return read;
    const emitter = createEventEmitter(input, { format: FORMAT, parserVersion: VERSION, source: 'nse' });
    const { events, problems } = corporateActionFileEvents(read.rows, emitter, VERSION, fileKnownAt(input));
    return rowsOutcome(events, read.count, [...read.problems, ...problems]);
  },
};
