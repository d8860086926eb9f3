import type { Database } from '#platform/db/db';
import type { ContextProvider } from '#ingest/pipeline/context-provider';
import { NSE_RESULTS_LISTING } from '#ingest/formats/nse-results-listing/parser';
import { createResultsListingContext } from '#ingest/pipeline/results-listing-context';
import { NSE_RESULTS_XBRL } from '#ingest/formats/nse-results-xbrl/parser';
import { NSE_SHAREHOLDING_LISTING } from '#ingest/formats/nse-shareholding-listing/parser';
import { SHAREHOLDING_XBRL } from '#ingest/formats/shareholding-xbrl/parser';
import { createShareholdingListingContext } from '#ingest/pipeline/shareholding-listing-context';
import { SHAREHOLDING_LISTING_ATTRIBUTE } from '#ingest/shared/shareholding-listing-entry';
import { listCopiesWithout } from '#ingest/pipeline/document-copies';
import { loadRawDocumentsOfFormat } from '#ingest/pipeline/raw-documents';

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
