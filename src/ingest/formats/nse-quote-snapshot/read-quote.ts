import { QuoteSchema, type Quote } from '#schemas/events';
import type { Problem } from '#ingest/shared/parser';
import { isAbsentIsin, readIsin } from '#domain/identity';
import { readAmount, readCells, readCount, readOptionalPrice, readPrice, readSigned } from '#ingest/shared/price-support';
import { QUOTE_KEYS as KEYS, type QuoteKey } from './quote-keys.ts';

export type QuoteResult =
  { readonly ok: true; readonly quote: Quote; readonly notes: readonly Problem[] } | { readonly ok: false; readonly problem: Problem };

/**
 * One quote from a getQuote record, taken at `at`. Numbers may carry Indian digit grouping
 * (`43,12,714`); `-` and empty are null; the traded value is in lakhs and becomes rupees.
 */
export function readQuote(field: (key: QuoteKey) => string, at: string, where: string): QuoteResult {
  const fail = (message: string) => ({ ok: false as const, problem: { where, message } });
  if (!field('ticker')) return fail(`${KEYS.ticker} is empty: expected an NSE symbol`);
  const numbers = readCells({
    lastPrice: readPrice(field('lastPrice'), KEYS.lastPrice),
    open: readOptionalPrice(field('open'), KEYS.open),
    high: readOptionalPrice(field('high'), KEYS.high),
    low: readOptionalPrice(field('low'), KEYS.low),
    previousClose: readOptionalPrice(field('previousClose'), KEYS.previousClose),
    change: readSigned(field('change'), KEYS.change),
    changePercent: readSigned(field('changePercent'), KEYS.changePercent),
    volume: readCount(field('volume'), KEYS.volume),
    value: readAmount(field('value'), KEYS.value, { power: 5 }),
    high52: readOptionalPrice(field('high52'), KEYS.high52),
    low52: readOptionalPrice(field('low52'), KEYS.low52),
  });
  if (!numbers.ok) return fail(numbers.message);
  const isin = readIsin(field('isin'));
  const notes =
    isin || isAbsentIsin(field('isin'))
      ? []
      : [{ where, message: `${KEYS.isin} "${field('isin')}" is not a valid ISIN; the quote is kept without it` }];
  const quote = QuoteSchema.safeParse({
    ticker: field('ticker').toUpperCase(),
    series: field('series').toUpperCase() || null,
    isin,
    at,
    ...numbers.value,
  });
  if (!quote.success) return fail(`not a valid quote: ${quote.error.issues.map((i) => `${i.path.join('.')} ${i.message}`).join('; ')}`);
  return { ok: true, quote: quote.data, notes };
}
