// src/ingest/formats/nse-results-listing: what other modules use of it, and the only file they import (docs/architecture.md "Modules").
export { NSE_RESULTS_LISTING, nseResultsListingParser } from './parser.ts';
export { readListing } from './read-listing.ts';
