import { bhavcopyStamp } from '#domain/indian-text';

/** Where NSE publishes the legacy CM bhavcopy of a trading day (YYYY-MM-DD), zipped. */
export function nseCmBhavcopyUrl(day: string): string {
  const stamp = bhavcopyStamp(day); // 06JAN2021
  return `https://archives.nseindia.com/content/historical/EQUITIES/${stamp.slice(5)}/${stamp.slice(2, 5)}/cm${stamp}bhav.csv.zip`;
}
