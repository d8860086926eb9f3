/**
 * The fields of NSE's old getQuote equity response (`ajaxGetQuoteJSON.jsp`, nseindia.com
 * until 2020) read into a quote, by the names NSE used. The JSON has them in `data[0]`; the
 * CSV polls of the shared corpus have them as columns (keys sorted, plus the poller's own).
 */
export const QUOTE_KEYS = {
  ticker: 'symbol',
  series: 'series',
  isin: 'isinCode',
  lastPrice: 'lastPrice',
  open: 'open',
  high: 'dayHigh',
  low: 'dayLow',
  previousClose: 'previousClose',
  change: 'change',
  changePercent: 'pChange',
  volume: 'totalTradedVolume',
  /** In lakhs of rupees. */
  value: 'totalTradedValue',
  high52: 'high52',
  low52: 'low52',
} as const;
export type QuoteKey = keyof typeof QUOTE_KEYS;

/** The poll time the CSV's author added to each row (`29/11/2019 15:26:57`, IST; `0` when absent). */
export const POLL_TIME_COLUMN = 'date1';

/** NSE's own timestamp of the response (`27-MAR-2019 15:59:59`, IST), beside `data` in the JSON. */
export const JSON_TIME_KEY = 'lastUpdateTime';
