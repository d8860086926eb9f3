import { bseEquityBhavcopyParser } from '#ingest/formats/bse-equity-bhavcopy/parser';
import { bseUdiffBhavcopyParser } from '#ingest/formats/bse-udiff-bhavcopy/parser';
import { nseCmBhavcopyParser } from '#ingest/formats/nse-cm-bhavcopy/parser';
import { nseDailyHistoryParser } from '#ingest/formats/nse-daily-history/parser';
import { nseFullBhavcopyParser } from '#ingest/formats/nse-full-bhavcopy/parser';
import { nseIntradayBarsParser } from '#ingest/formats/nse-intraday-bars/parser';
import { nseQuoteSnapshotParser } from '#ingest/formats/nse-quote-snapshot/parser';
import { nseSecurityHistoryParser } from '#ingest/formats/nse-security-history/parser';
import { nseUdiffBhavcopyParser } from '#ingest/formats/nse-udiff-bhavcopy/parser';
import type { Parser } from '#ingest/shared/parser';

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
