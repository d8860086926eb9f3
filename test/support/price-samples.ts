/**
 * RELIANCE's quote from NSE's legacy bhavcopy of 6 Jan 2021 (cm06JAN2021bhav.csv: RELIANCE, EQ,
 * 1965.9, 1966, 1905.15, CLOSE 1914.25, LAST 1915.5, PREVCLOSE 1966.1, ...), against the previous
 * close the file states: 1914.25 - 1966.1 = -51.85, and -51.85 / 1966.1 = -2.6372...%. The data's
 * candle before it (28 Feb 2020, ten months earlier) is not used.
 */
export const RELIANCE_6_JAN_2021_QUOTE = {
  source: 'candle',
  interval: '1d',
  as_of: '2021-01-06T10:00:00.000Z',
  last_price: '1914.25',
  previous_close: '1966.1',
  previous_close_source: 'stated',
  previous_close_at: null,
  previous_close_gap_weekdays: null,
  change: '-51.85',
  change_percent: '-2.64',
} as const;
