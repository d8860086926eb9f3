/** Where NSE publishes the full bhavcopy (with delivery) of a trading day (YYYY-MM-DD). */
export const nseFullBhavcopyUrl = (day: string): string =>
  `https://archives.nseindia.com/products/content/sec_bhavdata_full_${day.slice(8, 10)}${day.slice(5, 7)}${day.slice(0, 4)}.csv`;
