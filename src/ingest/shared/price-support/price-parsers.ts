import { bseEquityBhavcopyParser } from '../../formats/bse-equity-bhavcopy/parser.ts';
import { nseCmBhavcopyParser } from '../../formats/nse-cm-bhavcopy/parser.ts';
import { nseDailyHistoryParser } from '../../formats/nse-daily-history/parser.ts';
import { nseFullBhavcopyParser } from '../../formats/nse-full-bhavcopy/parser.ts';
import { nseIntradayBarsParser } from '../../formats/nse-intraday-bars/parser.ts';
import { nseQuoteSnapshotParser } from '../../formats/nse-quote-snapshot/parser.ts';
import { nseSecurityHistoryParser } from '../../formats/nse-security-history/parser.ts';
import { nseUdiffBhavcopyParser } from '../../formats/nse-udiff-bhavcopy/parser.ts';
import type { Parser } from '../../formats/parser.ts';

/** The price and quote formats (priority 5), for the registry in all-parsers.ts. */
export const PRICE_PARSERS: readonly Parser[] = [
  nseCmBhavcopyParser,
  nseFullBhavcopyParser,
  nseUdiffBhavcopyParser,
  nseSecurityHistoryParser,
  bseEquityBhavcopyParser,
  nseDailyHistoryParser,
  nseIntradayBarsParser,
  nseQuoteSnapshotParser,
];
