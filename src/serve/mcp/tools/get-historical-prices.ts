import type { PriceAdjustment, Candle } from '#schemas/read-models';
import { instantOf } from '#schemas/common';
import { GetHistoricalPricesInputSchema, GetHistoricalPricesOutputSchema } from '#schemas/mcp';
import { listPriceSeries } from '#read/prices';
import { companyPhrase } from '#read/phrases';
import { resolveSecurity } from '#read/identity';
import { defineTool } from '../define-tool.ts';
import { cutNote, renderList } from '../render-text.ts';
import { requireCompany } from '../require-company.ts';
import { fitPage } from '../result-budget.ts';

/** Shown in the text; every candle is in structuredContent. */
const SHOWN = 12;

/** Where the next page starts: just after the last candle's start, as listCandles pages forward. */
const after = (candle: Candle | undefined): string | null => (candle ? new Date(new Date(candle.start).getTime() + 1).toISOString() : null);

const candleLine = (c: Candle): string =>
  `${c.start} O ${c.open} H ${c.high} L ${c.low} C ${c.close}${c.volume === null ? '' : ` V ${c.volume}`}${c.derived ? ' (derived from 5m bars)' : ''}`;

/** One line on how the candles were adjusted, naming each factor applied. */
function adjustmentLine(adjustment: PriceAdjustment | null): string {
  if (!adjustment) return 'Prices as published (not adjusted).';
  const applied = adjustment.factors.filter((f) => f.applied).map((f) => `${f.action_type} ex ${f.ex_date} x${f.price_factor ?? ''}`);
  const skipped = adjustment.factors.filter((f) => !f.applied).map((f) => `${f.action_type} ex ${f.ex_date} (${f.reason ?? ''})`);
  return [
    `Adjusted (${adjustment.mode}, backward) for the actions known at ${adjustment.actions_known_at}: ${applied.length > 0 ? applied.join('; ') : 'none applied'}.`,
    ...(skipped.length > 0 ? [`Not applied: ${skipped.join('; ')}.`] : []),
    ...(adjustment.note ? [adjustment.note] : []),
  ].join(' ');
}

export const getHistoricalPricesTool = defineTool({
  name: 'get_historical_prices',
  title: 'Price history (OHLCV candles)',
  dataset: 'prices',
  description: [
    'OHLCV candles of one security on NSE or BSE for an interval (1m, 5m, 15m, 30m, 1h, 1d; default 1d), oldest first, each with its source and known_at. Prices are exact decimal strings in INR as the exchange files state them, unless adjust is splits (backward-adjusted for stock splits and bonus issues, volumes too) or all (also dividends and rights); adjustment lists the factors and the corporate actions used. A daily candle built from 5-minute bars, where no daily file covers the day, is marked derived.',
    'as_of gives the series as knowable then: candles by their own time, and with adjust only the actions known then.',
    'Latest price: get_quote. Price series: get_historical_prices.',
    'With start, the first limit candles from start; without it, the newest limit candles up to end (or up to the newest held). One result holds about 35 daily candles: page forward by passing page.next_start as start with the same end, until it is null.',
    "Takes a ticker, NSE:<SYMBOL>, BSE:<CODE>, ISIN, CIN or company UUID, or the exchange's own ticker; for a company name, call search first.",
    'An empty series is not proof that the security did not trade: check list_datasets for price coverage.',
  ],
  input: GetHistoricalPricesInputSchema,
  output: GetHistoricalPricesOutputSchema,
  async run(input, { deps }) {
    const security = await resolveSecurity(deps.db, input.ticker, input.exchange);
    const start = instantOf(input.start);
    const end = instantOf(input.end);
    const asOf = instantOf(input.as_of);
    const { candles, adjustment } = await listPriceSeries(deps.db, {
      security,
      interval: input.interval,
      start,
      end,
      asOf,
      limit: input.limit,
      adjust: input.adjust,
      now: new Date().toISOString(),
    });
    if (candles.length === 0 && security.company === null) await requireCompany(deps, input.ticker);
    // Without start the candles are the newest up to end, so only a cut page has more after it.
    const filled = start !== undefined && candles.length === input.limit;
    return fitPage(candles, (page, truncated) => ({
      company: security.company,
      exchange: security.exchange,
      tickers: security.tickers,
      interval: input.interval,
      as_of: asOf ?? null,
      adjust: input.adjust,
      adjustment,
      candles: [...page],
      page: { returned: page.length, limit: input.limit, truncated, next_start: truncated || filled ? after(page.at(-1)) : null },
    }));
  },
  render({ company, exchange, tickers, interval, candles, page, adjustment }) {
    const who = company ? companyPhrase(company) : `${exchange}:${tickers.join('/')}`;
    const shown = candles.length > SHOWN ? [...candles.slice(0, SHOWN / 2), ...candles.slice(-SHOWN / 2)] : candles;
    const heading = `${candles.length} ${interval} candles of ${who} on ${exchange}, oldest first${candles.length > SHOWN ? ` (first and last ${SHOWN / 2} shown)` : ''}; prices in INR:`;
    const cut = page.truncated ? `Page cut: ${cutNote(page.returned, page.limit)}. ` : '';
    const next = page.next_start === null ? 'No further candles in this range.' : `${cut}Next page: start ${page.next_start}.`;
    return `${renderList(heading, shown, candleLine, next)}\n${adjustmentLine(adjustment)}`;
  },
});
