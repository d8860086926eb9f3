import { NseSymbolSchema } from '#schemas/common';
import { parseExchangeDateTime } from '#domain/indian-text';
import { attachmentUrlOf } from '#ingest/shared/disclosure-types';
import type { CsvRow, RowResult } from '#ingest/shared/parse-support';
import type { Problem } from '#ingest/shared/parser';
import type { NseInsiderTradingColumn } from './columns.ts';
import type { InsiderDisclosureFacts } from './insider-text.ts';

/** One disclosure record as read. */
export interface InsiderRow extends InsiderDisclosureFacts {
  readonly where: string;
  readonly symbol: string;
  readonly broadcastAt: string;
  readonly xbrlUrl: string | null;
  /** Every cell, to recognise a record repeated word for word. */
  readonly cells: string;
  readonly notes: readonly Problem[];
}

/** NSE's placeholders for "nothing": "-", "Nil", "NA". */
const valueOf = (cell: string): string | null => (/^(-|nil|na)?$/i.test(cell) ? null : cell);

/**
 * Reads one record. The symbol, the person and the broadcast time are required; every other
 * cell is kept as published, placeholders as null.
 */
export function readInsiderRow(row: CsvRow<NseInsiderTradingColumn>): RowResult<InsiderRow> {
  const { cell } = row;
  const symbol = cell('symbol');
  const { where, fail } = row.at(symbol);
  if (!NseSymbolSchema.safeParse(symbol).success) return fail(`SYMBOL "${symbol}" is not an NSE symbol: expected e.g. RELIANCE`);
  const person = valueOf(cell('person'));
  if (!person) return fail(`NAME OF THE ACQUIRER/DISPOSER is "${cell('person')}": expected the person's name`);
  const broadcastAt = parseExchangeDateTime(cell('broadcastAt'));
  if (!broadcastAt) {
    return fail(`BROADCASTE DATE AND TIME "${cell('broadcastAt')}" is not a date and time: expected e.g. 28-Jul-2020 23:02 (IST)`);
  }
  const xbrlUrl = attachmentUrlOf(cell('xbrl'));
  const notes = xbrlUrl === undefined ? [{ where, message: `XBRL "${cell('xbrl').slice(0, 100)}" is not a link: kept without it` }] : [];
  return {
    ok: true,
    row: {
      where,
      symbol,
      company: valueOf(cell('company')),
      regulation: valueOf(cell('regulation')),
      person,
      personCategory: valueOf(cell('personCategory')),
      transactionType: valueOf(cell('transactionType')),
      // NSE leaves the acquired/disposed type empty in its export; the holding's type says it.
      securityType: valueOf(cell('securityType')) ?? valueOf(cell('securityTypePost')) ?? valueOf(cell('securityTypePrior')),
      mode: valueOf(cell('mode')),
      from: valueOf(cell('from')),
      to: valueOf(cell('to')),
      intimatedOn: valueOf(cell('intimatedOn')),
      broadcastAt,
      xbrlUrl: xbrlUrl ?? null,
      cells: row.cells.join('\u0001'),
      notes,
    },
  };
}
