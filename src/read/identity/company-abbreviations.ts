import { lookupTable } from '#platform/lookup-table';

/**
 * Short names Indian investors type that the company master cannot give: neither the NSE
 * symbol written as words ("HCL Tech" is HCLTECH, short-names.ts) nor the one company whose
 * name has those initials ("RIL" is also Rain Industries Limited, Ramco Industries Limited
 * and Rallis India Limited; "L&T" the initials of a dozen names). Each names the NSE symbol
 * it stands for, resolved like any symbol. A short name that stands for several companies
 * ("HDFC", "HCL", "Tata", "Adani") is not here: it gets candidates.
 */
const SHORT_NAMES: Readonly<Record<string, string>> = lookupTable({
  ril: 'RELIANCE',
  hul: 'HINDUNILVR',
  'l&t': 'LT',
  'l & t': 'LT',
  lnt: 'LT',
  'l and t': 'LT',
  sbi: 'SBIN',
  bob: 'BANKBARODA',
  airtel: 'BHARTIARTL',
  kotak: 'KOTAKBANK',
  lic: 'LICI',
  'dr reddy': 'DRREDDY',
  "dr reddy's": 'DRREDDY',
  'dr reddys': 'DRREDDY',
  drl: 'DRREDDY',
  'tata consumer': 'TATACONSUM',
  pidilite: 'PIDILITIND',
  ultratech: 'ULTRACEMCO',
  'hero moto': 'HEROMOTOCO',
  eicher: 'EICHERMOT',
  nestle: 'NESTLEIND',
  iocl: 'IOC',
  hpcl: 'HINDPETRO',
  nalco: 'NATIONALUM',
  'icici pru': 'ICICIPRULI',
  'icici lombard': 'ICICIGI',
  vedanta: 'VEDL',
  'apollo hospitals': 'APOLLOHOSP',
  divis: 'DIVISLAB',
  "divi's": 'DIVISLAB',
  'tech m': 'TECHM',
  ambuja: 'AMBUJACEM',
  'bajaj finserv': 'BAJAJFINSV',
  'sun pharma': 'SUNPHARMA',
});

/** The NSE symbol a short name stands for, or undefined; case, surrounding space and a trailing full stop ignored. */
export const symbolOfShortName = (reference: string): string | undefined =>
  SHORT_NAMES[reference.trim().toLowerCase().replace(/\.$/, '').replace(/\s+/g, ' ')];
