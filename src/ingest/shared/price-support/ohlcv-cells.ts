import { readCount, readPrice } from './number-cell.ts';

/** The fields every candle reads alike, whatever the file. */
export type OhlcvField = 'open' | 'high' | 'low' | 'close' | 'volume';

/**
 * The cells of a candle's traded prices and volume, for `readCells`: each price required and
 * positive, the volume a count that may be absent, a failure naming the column as published.
 */
export function ohlcvCells(text: (field: OhlcvField) => string, label: (field: OhlcvField) => string) {
  return {
    open: readPrice(text('open'), label('open')),
    high: readPrice(text('high'), label('high')),
    low: readPrice(text('low'), label('low')),
    close: readPrice(text('close'), label('close')),
    volume: readCount(text('volume'), label('volume')),
  };
}
