import { getLatestQuote } from '#projections/prices';
import { PricesQuerySchema, PricesResponseSchema } from '#schemas/api';
import { ExchangeSchema } from '#schemas/common';
import { NotFoundError, RequestValidationError } from '#platform/errors';
import { envelope } from '../envelope.ts';
import type { RouteDeps } from '../route-deps.ts';
import { type GetRoute, getRoute } from '../get-route.ts';
import { listPriceSeries } from '#read/prices';
import { resolveSecurity } from '#read/identity';

/** `GET /v1/prices`: candles of one interval, or the latest quote with `latest=true`. */
export function pricesRoute({ db, datasets }: RouteDeps): GetRoute {
  return getRoute(
    {
      url: '/v1/prices',
      summary: 'Price history, or the latest quote',
      description:
        "Candles (OHLCV, decimal strings) of one interval, oldest first; each with its source and known_at; a daily candle built from 5-minute bars (no daily file covers its day) is marked derived. latest=true returns the current quote: the newest of a snapshot, a daily close and an intraday bar, against the previous close the source states (else the data's, a gap said). Extensions: as_of (only what was knowable then) and adjust (splits, or all, for backward-adjusted prices; the factors in meta.adjustment).",
      tags: ['prices'],
      querystring: PricesQuerySchema,
      response: PricesResponseSchema,
    },
    [404, 503],
    async (query) => {
      const exchange = ExchangeSchema.safeParse(query.exchange.toUpperCase());
      if (!exchange.success) {
        throw new RequestValidationError([
          {
            type: 'literal_error',
            loc: ['query', 'exchange'],
            msg: "Input should be 'NSE' or 'BSE'",
            input: query.exchange,
            ctx: { expected: "'NSE' or 'BSE'" },
          },
        ]);
      }
      if (query.latest && query.adjust !== 'none') {
        const msg = 'adjust applies to a price series; latest=true returns the current quote, which is never adjusted';
        throw new RequestValidationError([
          { type: 'value_error', loc: ['query', 'adjust'], msg: `Value error, ${msg}`, input: query.adjust, ctx: { error: msg } },
        ]);
      }
      await datasets.require('prices');
      const security = await resolveSecurity(db, query.ticker, exchange.data);
      const asOf = query.as_of ?? null;
      const meta = {
        ticker: query.ticker,
        exchange: security.exchange,
        tickers: security.tickers,
        company: security.company,
        dataset: 'prices',
        as_of: asOf,
      };
      const ref = { exchange: security.exchange, tickers: security.tickers, isin: security.isin };
      if (query.latest) {
        const quote = await getLatestQuote(db, { ...ref, asOf, now: new Date().toISOString() });
        if (!quote) throw new NotFoundError(`no price is recorded for '${query.ticker}' on ${security.exchange}`);
        return envelope(quote, { ...meta, latest: true as const });
      }
      const { candles, adjustment } = await listPriceSeries(db, {
        security,
        interval: query.interval,
        start: query.start,
        end: query.end,
        asOf,
        limit: query.limit,
        adjust: query.adjust,
        now: new Date().toISOString(),
      });
      if (candles.length === 0 && security.company === null) {
        throw new NotFoundError(
          `no company or instrument has the ticker '${query.ticker}' on ${security.exchange}; use POST /v1/search to find it by name`,
        );
      }
      return envelope(candles, {
        ...meta,
        interval: query.interval,
        count: candles.length,
        limit: query.limit,
        adjust: query.adjust,
        adjustment,
      });
    },
  );
}
