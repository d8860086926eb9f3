import { lookupTable } from '../../platform/lookup-table.ts';

/**
 * Short names Indian investors type for companies whose ticker or name differs ("HUL" is
 * HINDUNILVR, "RIL" RELIANCE, "L&T" LT): the name to search for as well. They only rank
 * candidates first; a short name never resolves a company by itself.
 */
const ABBREVIATIONS: Readonly<Record<string, string>> = lookupTable({
  hul: 'Hindustan Unilever',
  'l&t': 'Larsen & Toubro',
  'l & t': 'Larsen & Toubro',
  lnt: 'Larsen & Toubro',
  'm&m': 'Mahindra & Mahindra',
  'm & m': 'Mahindra & Mahindra',
  sbi: 'State Bank of India',
  ril: 'Reliance Industries',
  infy: 'Infosys',
  bob: 'Bank of Baroda',
  pnb: 'Punjab National Bank',
  airtel: 'Bharti Airtel',
  kotak: 'Kotak Mahindra Bank',
  maruti: 'Maruti Suzuki',
  hcl: 'HCL Technologies',
  'dr reddy': "Dr. Reddy's Laboratories",
  'sun pharma': 'Sun Pharmaceutical Industries',
});

/** The name a short name stands for, or undefined; case and surrounding space ignored. */
export const expandAbbreviation = (reference: string): string | undefined =>
  ABBREVIATIONS[reference.trim().toLowerCase().replace(/\s+/g, ' ')];
