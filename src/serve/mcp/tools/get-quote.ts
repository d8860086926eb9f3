import { getLatestQuote } from '#projections/prices';
import { instantOf } from '#schemas/common';
import { GetQuoteInputSchema, GetQuoteOutputSchema } from '#schemas/mcp';
import type { Quote } from '#schemas/read-models';
import { NotFoundError } from '#platform/errors';
import { companyPhrase } from '#read/phrases';
import { resolveSecurity } from '#read/identity';
import { defineTool } from '../define-tool.ts';
import { requireCompany } from '../require-company.ts';

const stated = (label: string, value: string | null): string[] => (value === null ? [] : [`${label} ${value}`]);

/** The file a price was read from: its name and URL where known, else its SHA-256. */
const sourceText = (quote: Quote): string =>
  [quote.source_file, quote.source_url].filter((part) => part !== null).join(', ') || (quote.source_document ?? 'not recorded');

/** An age in the largest whole unit that keeps it readable. */
function ageText(seconds: number): string {
  const units: Array<[string, number]> = [
    ['day', 86_400],
    ['hour', 3_600],
    ['minute', 60],
  ];
  const [unit, size] = units.find(([, size]) => seconds >= 2 * size) ?? ['second', 1];
  const count = Math.floor(seconds / size);
  return `${count} ${unit}${count === 1 ? '' : 's'} old`;
}

export const getQuoteTool = defineTool({
  name: 'get_quote',
  title: 'Latest price of a security',
  dataset: 'prices',
  description: [
    "The latest known price of one security on NSE or BSE: last price, the day's open, high and low, previous close, change, volume and traded value, with as_of (when the price was current), age_seconds, source and known_at. Prices are decimal strings in INR.",
    "The price is the newest of a quote snapshot, a daily close and an intraday bar's close. The previous close is the one the source states where it states one, else the close of the newest earlier daily candle in the data, with previous_close_gap_weekdays saying whether sessions lie between. Pass as_of for the quote as it stood then.",
    'Latest price: get_quote. Price series: get_historical_prices.',
    'The price is the newest the service holds, which may be old: read as_of before calling it current, and check list_datasets for price coverage.',
    "Takes a ticker, NSE:<SYMBOL>, BSE:<CODE>, ISIN, CIN or company UUID, or the exchange's own ticker. For a company name, call search first; a name that resolves to no security is an error listing candidates.",
  ],
  input: GetQuoteInputSchema,
  output: GetQuoteOutputSchema,
  async run(input, { deps }) {
    const security = await resolveSecurity(deps.db, input.ticker, input.exchange);
    const asOf = instantOf(input.as_of);
    const ref = { exchange: security.exchange, tickers: security.tickers, isin: security.isin };
    const quote = await getLatestQuote(deps.db, { ...ref, asOf, now: new Date().toISOString() });
    if (!quote) {
      if (security.company === null) await requireCompany(deps, input.ticker);
      throw new NotFoundError(
        `no price is recorded for '${input.ticker}' on ${security.exchange}. This is not proof that it does not trade: call list_datasets for price coverage, or try the other exchange`,
      );
    }
    return { company: security.company, exchange: security.exchange, tickers: security.tickers, as_of: asOf ?? null, quote };
  },
  render({ company, quote }) {
    const security = `${quote.exchange}:${quote.ticker}${quote.series ? ` (${quote.series})` : ''}`;
    const origin = {
      quote: 'quote snapshot',
      candle: 'close of the newest daily candle',
      bar: `close of the newest ${quote.interval ?? ''} bar`,
    }[quote.source];
    const day = [...stated('open', quote.open), ...stated('high', quote.high), ...stated('low', quote.low)];
    const move = [
      ...stated('previous close', quote.previous_close),
      ...stated('change', quote.change),
      ...stated('change %', quote.change_percent),
    ];
    const gap = quote.previous_close_gap_weekdays
      ? ` The previous close is from ${quote.previous_close_at}, ${quote.previous_close_gap_weekdays} weekdays before the price's day: the change may span several sessions.`
      : '';
    return [
      `${company ? `${companyPhrase(company)}, ` : ''}${security}: last price INR ${quote.last_price} as of ${quote.as_of} (${origin}; ${ageText(quote.age_seconds)}).`,
      ...(day.length > 0 ? [`Day${quote.source === 'bar' ? ' so far' : ''}: ${day.join(', ')}.`] : []),
      ...(move.length > 0 ? [`${move.join(', ')}.${gap}`] : []),
      ...(quote.volume === null ? [] : [`Volume ${quote.volume} shares${quote.value === null ? '' : `, value INR ${quote.value}`}.`]),
      `Known at ${quote.known_at}; source ${sourceText(quote)}.`,
    ].join('\n');
  },
});
