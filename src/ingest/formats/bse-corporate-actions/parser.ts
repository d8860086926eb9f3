import { fileKnownAt } from '../../shared/corporate-action-purpose/action-known-at.ts';
import { corporateActionFileEvents } from '../../shared/corporate-action-purpose/corporate-action-events.ts';
import { createEventEmitter } from '../../shared/event-emitter.ts';
import type { Parser } from '../../shared/parser.ts';
import { hasColumns, headerCells } from '../../shared/parse-support/header-cells.ts';
import { rowsOutcome } from '../../shared/parse-support/parse-outcome.ts';
import { readCsvRows } from '../../shared/parse-support/read-csv-rows.ts';
import { BSE_CORPORATE_ACTIONS_COLUMNS } from './columns.ts';
import { readActionRow } from './read-action-row.ts';

const FORMAT = 'bse-corporate-actions';
const VERSION = 2;

/**
 * BSE's corporate-actions export (Corporate_Actions.csv): one CorporateActionAnnounced per
 * action in each row's purpose. The file states no announcement time: an action is known
 * from the start of its ex-date or record date (India), or from the connector's time or
 * receipt when that is earlier (`actionKnownAt`).
 */
export const bseCorporateActionsParser: Parser = {
  format: FORMAT,
  version: VERSION,
  description: 'BSE corporate actions export (CSV): dividends, splits, bonuses, rights, buybacks',
  priority: 5,
  detect: (_fileName, head) => hasColumns(headerCells(head), Object.values(BSE_CORPORATE_ACTIONS_COLUMNS)),
  parse(input) {
    const read = readCsvRows(input.bytes, FORMAT, BSE_CORPORATE_ACTIONS_COLUMNS, (index) => (record) =>
      readActionRow(record, index, input.companies),
    );
    if (!read.ok) return read;
    const emitter = createEventEmitter(input, { format: FORMAT, parserVersion: VERSION, source: 'bse' });
    const { events, problems } = corporateActionFileEvents(read.rows, emitter, VERSION, fileKnownAt(input));
    return rowsOutcome(events, read.count, [...read.problems, ...problems]);
  },
};
