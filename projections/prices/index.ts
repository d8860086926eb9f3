// projections/prices: what other modules use of it, and the only file they import (docs/architecture.md "Modules").
export { EQUITY_SERIES, SERIES_RANK_SQL } from './equity-series.ts';
export { istDayOf } from './price-rows.ts';
export { pricesProjection } from './projection.ts';
export { getLatestQuote, latestCloseSql, listCandles, pricesDatasetStats } from './queries.ts';
export { CANDLES, DAILY_FROM_BARS } from './tables.ts';
