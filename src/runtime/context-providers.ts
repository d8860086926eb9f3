import type { Database } from '../platform/db/db.ts';
import type { ContextProvider } from '../ingest/pipeline/context-provider.ts';
import { NSE_RESULTS_LISTING } from '../ingest/formats/nse-results-listing/parser.ts';
import { createResultsListingContext } from '../ingest/pipeline/results-listing-context.ts';
import { NSE_RESULTS_XBRL } from '../ingest/formats/nse-results-xbrl/parser.ts';
import { NSE_SHAREHOLDING_LISTING } from '../ingest/formats/nse-shareholding-listing/parser.ts';
import { SHAREHOLDING_XBRL } from '../ingest/formats/shareholding-xbrl/parser.ts';
import { createShareholdingListingContext } from '../ingest/pipeline/shareholding-listing-context.ts';
import { SHAREHOLDING_LISTING_ATTRIBUTE } from '../ingest/shared/shareholding-listing-entry.ts';
import { listCopiesWithout } from '../ingest/pipeline/document-copies.ts';
import { loadRawDocumentsOfFormat } from '../ingest/pipeline/raw-documents.ts';

/** The context providers of this service's connectors. */
export function contextProvidersFor(db: Database): ContextProvider[] {
  return [
    createResultsListingContext(
      async () => (await loadRawDocumentsOfFormat(db, NSE_RESULTS_LISTING)).map((doc) => doc.bytes),
      () => listCopiesWithout(db, NSE_RESULTS_XBRL, 'listing'),
    ),
    createShareholdingListingContext(
      async () => (await loadRawDocumentsOfFormat(db, NSE_SHAREHOLDING_LISTING)).map((doc) => doc.bytes),
      () => listCopiesWithout(db, SHAREHOLDING_XBRL, SHAREHOLDING_LISTING_ATTRIBUTE),
    ),
  ];
}
