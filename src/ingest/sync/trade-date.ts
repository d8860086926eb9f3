import { parseExchangeDate } from '#domain/indian-text';
import { decodeText } from '#ingest/shared/parser';

/** Columns that name a bhavcopy's session, in the layouts the connectors fetch. */
const DATE_COLUMNS = ['TradDt', 'TIMESTAMP', 'DATE1', 'TRADING_DATE'];

/**
 * The session a bhavcopy's rows are of, read from its first data row (UDiFF `TradDt`,
 * legacy `TIMESTAMP`, full `DATE1`), as an ISO date; null when no row states one. A weekday
 * holiday may be answered with the previous session's file under the holiday's name: the
 * file's own date, not its name, says which session it is.
 */
export function bhavcopyTradeDate(csv: Uint8Array): string | null {
  const text = decodeText(csv.subarray(0, 8192));
  const [header = '', first = ''] = text.split(/\r?\n/);
  const columns = header.split(',').map((c) => c.trim());
  const values = first.split(',').map((v) => v.trim());
  for (const name of DATE_COLUMNS) {
    const at = columns.indexOf(name);
    if (at < 0) continue;
    const value = values[at] ?? '';
    if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return value;
    const parsed = parseExchangeDate(value);
    if (parsed) return parsed;
  }
  return null;
}
