import { bseAnnouncementsParser } from '#ingest/formats/bse-announcements/parser';
import { bseAnnouncementsJsonParser } from '#ingest/formats/bse-announcements-json/parser';
import { bseCorporateActionsParser } from '#ingest/formats/bse-corporate-actions/parser';
import { bseCorporateActionsJsonParser } from '#ingest/formats/bse-corporate-actions-json/parser';
import { bseScripListParser } from '#ingest/formats/bse-scrip-list/parser';
import { bseScripMasterJsonParser } from '#ingest/formats/bse-scrip-master-json/parser';
import { documentTextParser } from '#ingest/formats/document-text/parser';
import { niftyIndexListParser } from '#ingest/formats/nifty-index-list/parser';
import { nseAnnouncementsParser } from '#ingest/formats/nse-announcements/parser';
import { nseCorporateActionsParser } from '#ingest/formats/nse-corporate-actions/parser';
import { nseCorporateActionsJsonParser } from '#ingest/formats/nse-corporate-actions-json/parser';
import { nseEquityMasterParser } from '#ingest/formats/nse-equity-master/parser';
import { nseInsiderTradingParser } from '#ingest/formats/nse-insider-trading/parser';
import { nseResultsListingParser } from '#ingest/formats/nse-results-listing/parser';
import { nseResultsXbrlParser } from '#ingest/formats/nse-results-xbrl/parser';
import { nseShareholdingListingParser } from '#ingest/formats/nse-shareholding-listing/parser';
import { nseSymbolChangeParser } from '#ingest/formats/nse-symbol-change/parser';
import type { Parser } from '#ingest/shared/parser';
import { createParserRegistry } from '#ingest/formats/parser-registry';
import { PRICE_PARSERS } from '#ingest/formats/price-parsers';
import { shareholdingDetailedParser } from '#ingest/formats/shareholding-detailed/parser';
import { shareholdingSummaryParser } from '#ingest/formats/shareholding-summary/parser';
import { shareholdingXbrlParser } from '#ingest/formats/shareholding-xbrl/parser';

/**
 * Every format the service ingests. Detection is by content and no two parsers claim the
 * same file (a test checks that over every fixture); order only breaks ties.
 */
export const ALL_PARSERS: readonly Parser[] = [
  nseEquityMasterParser,
  nseSymbolChangeParser,
  bseScripListParser,
  bseScripMasterJsonParser,
  niftyIndexListParser,
  bseCorporateActionsParser,
  bseCorporateActionsJsonParser,
  nseCorporateActionsParser,
  nseCorporateActionsJsonParser,
  nseResultsListingParser,
  nseResultsXbrlParser,
  nseShareholdingListingParser,
  ...PRICE_PARSERS,
  shareholdingSummaryParser,
  shareholdingDetailedParser,
  shareholdingXbrlParser,
  bseAnnouncementsParser,
  bseAnnouncementsJsonParser,
  nseAnnouncementsParser,
  nseInsiderTradingParser,
  documentTextParser,
];

export const parserRegistry = createParserRegistry(ALL_PARSERS);
