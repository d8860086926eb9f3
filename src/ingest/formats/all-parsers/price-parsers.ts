import { bseEquityBhavcopyParser } from '#ingest/formats/bse-equity-bhavcopy';
import { bseUdiffBhavcopyParser } from '#ingest/formats/bse-udiff-bhavcopy';
import { nseCmBhavcopyParser } from '#ingest/formats/nse-cm-bhavcopy';
import { nseDailyHistoryParser } from '#ingest/formats/nse-daily-history';
import { nseFullBhavcopyParser } from '#ingest/formats/nse-full-bhavcopy';
import { nseIntradayBarsParser } from '#ingest/formats/nse-intraday-bars';
import { nseQuoteSnapshotParser } from '#ingest/formats/nse-quote-snapshot';
import { nseSecurityHistoryParser } from '#ingest/formats/nse-security-history';
import { nseUdiffBhavcopyParser } from '#ingest/formats/nse-udiff-bhavcopy';
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
