import { bseAnnouncementsParser } from './bse-announcements/parser.ts';
import { bseAnnouncementsJsonParser } from './bse-announcements-json/parser.ts';
import { bseCorporateActionsParser } from './bse-corporate-actions/parser.ts';
import { bseCorporateActionsJsonParser } from './bse-corporate-actions-json/parser.ts';
import { bseScripListParser } from './bse-scrip-list/parser.ts';
import { bseScripMasterJsonParser } from './bse-scrip-master-json/parser.ts';
import { documentTextParser } from './document-text/parser.ts';
import { niftyIndexListParser } from './nifty-index-list/parser.ts';
import { nseAnnouncementsParser } from './nse-announcements/parser.ts';
import { nseCorporateActionsParser } from './nse-corporate-actions/parser.ts';
import { nseCorporateActionsJsonParser } from './nse-corporate-actions-json/parser.ts';
import { nseEquityMasterParser } from './nse-equity-master/parser.ts';
import { nseInsiderTradingParser } from './nse-insider-trading/parser.ts';
import { nseResultsListingParser } from './nse-results-listing/parser.ts';
import { nseResultsXbrlParser } from './nse-results-xbrl/parser.ts';
import { nseShareholdingListingParser } from './nse-shareholding-listing/parser.ts';
import { nseSymbolChangeParser } from './nse-symbol-change/parser.ts';
import type { Parser } from '../shared/parser.ts';
import { createParserRegistry } from './parser-registry.ts';
import { PRICE_PARSERS } from './price-parsers.ts';
import { shareholdingDetailedParser } from './shareholding-detailed/parser.ts';
import { shareholdingSummaryParser } from './shareholding-summary/parser.ts';
import { shareholdingXbrlParser } from './shareholding-xbrl/parser.ts';

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
