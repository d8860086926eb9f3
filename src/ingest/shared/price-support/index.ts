// src/ingest/shared/price-support: what other modules use of it, and the only file they import (docs/architecture.md "Modules").
export { baseName } from './base-name.ts';
export type { DailyField } from './daily-candle.ts';
export { createDailyCsvParser, type DailyCsvFormat } from './daily-csv-parser.ts';
export { detectUdiff } from './detect-udiff.ts';
export { dropRepeatedCandles, type PlacedCandle, type Repeat, repeatProblem } from './drop-repeated-candles.ts';
export { extraCellsMessage, usualCellCount } from './extra-cells.ts';
export { readAmount, readCells, readCount, readOptionalPrice, readPrice, readSigned } from './number-cell.ts';
export { ohlcvCells } from './ohlcv-cells.ts';
export { pricesRecordedEvents } from './prices-recorded-events.ts';
