/** A day's candle in paise, with the close before it (the bhavcopy's PREVCLOSE). */
export interface DailyCandle {
  readonly date: string;
  readonly open: number;
  readonly high: number;
  readonly low: number;
  readonly close: number;
  readonly last: number;
  readonly previousClose: number;
  readonly volume: number;
  /** Traded value in paise: volume x an average price inside the day's range. */
  readonly value: bigint;
  readonly trades: number;
}
