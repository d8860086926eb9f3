/** Where BSE publishes the UDiFF equity bhavcopy of a trading day (YYYY-MM-DD), unzipped. */
export const bseUdiffBhavcopyUrl = (day: string): string =>
  `https://www.bseindia.com/download/BhavCopy/Equity/BhavCopy_BSE_CM_0_0_0_${day.replace(/-/g, '')}_F_0000.CSV`;
