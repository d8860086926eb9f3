import { bseAnnouncementsParser } from '#ingest/formats/bse-announcements';
import { bseAnnouncementsJsonParser } from '#ingest/formats/bse-announcements-json';
import { bseCorporateActionsParser } from '#ingest/formats/bse-corporate-actions';
import { bseCorporateActionsJsonParser } from '#ingest/formats/bse-corporate-actions-json';
import { bseScripListParser } from '#ingest/formats/bse-scrip-list';
import { bseScripMasterJsonParser } from '#ingest/formats/bse-scrip-master-json';
import { documentTextParser } from '#ingest/formats/document-text';
import { niftyIndexListParser } from '#ingest/formats/nifty-index-list';
import { nseAnnouncementsParser } from '#ingest/formats/nse-announcements';
import { nseCorporateActionsParser } from '#ingest/formats/nse-corporate-actions';
import { nseCorporateActionsJsonParser } from '#ingest/formats/nse-corporate-actions-json';
import { nseEquityMasterParser } from '#ingest/formats/nse-equity-master';
import { nseInsiderTradingParser } from '#ingest/formats/nse-insider-trading';
import { nseResultsListingParser } from '#ingest/formats/nse-results-listing';
import { nseResultsXbrlParser } from '#ingest/formats/nse-results-xbrl';
import { nseShareholdingListingParser } from '#ingest/formats/nse-shareholding-listing';
import { nseSymbolChangeParser } from '#ingest/formats/nse-symbol-change';
import type { Parser } from '#ingest/shared/parser';
import { createParserRegistry } from '#ingest/formats/parser-registry';
import { PRICE_PARSERS } from './price-parsers.ts';
import { shareholdingDetailedParser } from '#ingest/formats/shareholding-detailed';
import { shareholdingSummaryParser } from '#ingest/formats/shareholding-summary';
import { shareholdingXbrlParser } from '#ingest/formats/shareholding-xbrl';

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
