import { listAdjustingActions } from '#projections/corporate-actions';
import { adjustCandles } from './adjust-candles.ts';
import { ADJUSTED_TYPES, priceFactors, type ReferenceClose } from './price-factors.ts';
import { istDayOf, listCandles } from '#projections/prices';
import type { PriceInterval } from '#schemas/common';
import type { Candle, PriceAdjustment, PriceAdjustMode } from '#schemas/read-models';
import type { SqlExecutor } from '#platform/db';
import type { SecurityReference } from '#read/identity';

export interface PriceSeriesParams {
  readonly security: SecurityReference;
  readonly interval: PriceInterval;
  readonly start?: string | null | undefined;
  readonly end?: string | null | undefined;
  /** Candles, and corporate actions, as knowable at this instant. */
  readonly asOf?: string | null | undefined;
  readonly limit: number;
  readonly adjust: PriceAdjustMode;
  /** The time of the request: the actions known by then adjust a series asked for without `asOf`. */
  readonly now: string;
}

export interface PriceSeries {
  readonly candles: Candle[];
  /** How the candles were adjusted; null when they were not asked to be. */
  readonly adjustment: PriceAdjustment | null;
}

const NO_COMPANY = 'The ticker names no company in the security master, so no corporate actions can be read: the prices are as published.';

/** The last daily close before each ex-date (for dividends and rights), as knowable at `asOf`. */
async function closesBefore(db: SqlExecutor, params: PriceSeriesParams, exDates: readonly string[]): Promise<Map<string, ReferenceClose>> {
  const closes = new Map<string, ReferenceClose>();
  const { security } = params;
  for (const exDate of new Set(exDates)) {
    const end = new Date(Date.parse(`${exDate}T00:00:00+05:30`) - 1).toISOString();
    const ref = { exchange: security.exchange, tickers: security.tickers, isin: security.isin };
    const [candle] = await listCandles(db, { ...ref, interval: '1d', end, asOf: params.asOf, limit: 1 });
    if (candle) closes.set(exDate, { close: candle.close, start: candle.start });
  }
  return closes;
}

/**
 * One security's candles (`listCandles`), adjusted backward for the corporate actions of its
 * company when asked: only the actions known by `asOf` (else `now`) that had gone ex by that
 * day in India, so an as-of series is adjusted as it could have been then.
 */
export async function listPriceSeries(db: SqlExecutor, params: PriceSeriesParams): Promise<PriceSeries> {
  const { security } = params;
  const ref = { exchange: security.exchange, tickers: security.tickers, isin: security.isin };
  const candles = await listCandles(db, {
    ...ref,
    interval: params.interval,
    start: params.start,
    end: params.end,
    asOf: params.asOf,
    limit: params.limit,
  });
  if (params.adjust === 'none') return { candles, adjustment: null };
  const knownBy = params.asOf ?? params.now;
  const base = { mode: params.adjust, method: 'backward' as const, actions_known_at: new Date(knownBy).toISOString() };
  const companyId = security.company?.id ?? null;
  if (companyId === null) return { candles, adjustment: { ...base, company_id: null, factors: [], note: NO_COMPANY } };
  const types = ADJUSTED_TYPES[params.adjust];
  const actions = await listAdjustingActions(db, { companyId, types, knownBy, exOnOrBefore: istDayOf(knownBy) });
  const cashExDates = actions.filter((a) => a.action_type === 'dividend' || a.action_type === 'rights_issue').map((a) => a.ex_date);
  const closes = await closesBefore(db, params, cashExDates);
  const factors = priceFactors(actions, params.adjust, (exDate) => closes.get(exDate));
  return {
    candles: adjustCandles(candles, factors),
    adjustment: { ...base, company_id: companyId, factors: factors.map((f) => f.shown), note: null },
  };
}
