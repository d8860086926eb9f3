import { NseSymbolSchema } from '#schemas/common';
import type { ParseInput } from '#ingest/shared/parser';
import { baseName } from '#ingest/shared/price-support';

/**
 * The NSE symbol of a one-symbol file that does not state it: the connector's `symbol`
 * attribute when it gave one, else the file name without its extension (`RELIANCE.csv`).
 * `symbol` is null when that text is not an NSE symbol.
 */
export function tickerOfFile(input: ParseInput): { readonly symbol: string | null; readonly from: string } {
  const attribute = input.attributes['symbol'];
  const from = typeof attribute === 'string' ? attribute : baseName(input.fileName).replace(/\.[^.]*$/, '');
  const symbol = NseSymbolSchema.safeParse(from.trim().toUpperCase());
  return { symbol: symbol.success ? symbol.data : null, from };
}
