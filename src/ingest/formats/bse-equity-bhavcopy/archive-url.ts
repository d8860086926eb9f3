/** Where BSE publishes the equity bhavcopy of a trading day (YYYY-MM-DD), zipped. */
export const bseEquityBhavcopyUrl = (day: string): string =>
  `https://www.bseindia.com/download/BhavCopy/Equity/EQ${day.slice(8, 10)}${day.slice(5, 7)}${day.slice(2, 4)}_CSV.ZIP`;
