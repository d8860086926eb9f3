import type { Database } from '#platform/db';
import {
  type ContextProvider,
  createResultsListingContext,
  createShareholdingListingContext,
  listCopiesWithout,
  loadRawDocumentsOfFormat,
} from '#ingest/pipeline';
import { NSE_RESULTS_LISTING } from '#ingest/formats/nse-results-listing';
import { NSE_RESULTS_XBRL } from '#ingest/formats/nse-results-xbrl';
import { NSE_SHAREHOLDING_LISTING } from '#ingest/formats/nse-shareholding-listing';
import { SHAREHOLDING_XBRL } from '#ingest/formats/shareholding-xbrl';
import { SHAREHOLDING_LISTING_ATTRIBUTE } from '#ingest/shared/shareholding-listing-entry';

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
