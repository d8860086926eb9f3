/** Where NSE publishes the UDiFF CM bhavcopy of a trading day (YYYY-MM-DD), zipped. */
export const nseUdiffBhavcopyUrl = (day: string): string =>
  `https://nsearchives.nseindia.com/content/cm/BhavCopy_NSE_CM_0_0_0_${day.replace(/-/g, '')}_F_0000.csv.zip`;
