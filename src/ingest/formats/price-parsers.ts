import { bseEquityBhavcopyParser } from './bse-equity-bhavcopy/parser.ts';
import { bseUdiffBhavcopyParser } from './bse-udiff-bhavcopy/parser.ts';
import { nseCmBhavcopyParser } from './nse-cm-bhavcopy/parser.ts';
import { nseDailyHistoryParser } from './nse-daily-history/parser.ts';
import { nseFullBhavcopyParser } from './nse-full-bhavcopy/parser.ts';
import { nseIntradayBarsParser } from './nse-intraday-bars/parser.ts';
import { nseQuoteSnapshotParser } from './nse-quote-snapshot/parser.ts';
import { nseSecurityHistoryParser } from './nse-security-history/parser.ts';
import { nseUdiffBhavcopyParser } from './nse-udiff-bhavcopy/parser.ts';
import type { Parser } from '../shared/parser.ts';

/** The price and quote formats (priority 5), for the registry in all-parsers.ts. */
export const PRICE_PARSERS: readonly Parser[] = [
  nseCmBhavcopyParser,
  nseFullBhavcopyParser,
  nseUdiffBhavcopyParser,
  nseSecurityHistoryParser,
  bseEquityBhavcopyParser,
  bseUdiffBhavcopyParser,
  nseDailyHistoryParser,
  nseIntradayBarsParser,
  nseQuoteSnapshotParser,
];
