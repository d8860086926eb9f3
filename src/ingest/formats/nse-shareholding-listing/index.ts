// src/ingest/formats/nse-shareholding-listing: what other modules use of it, and the only file they import (docs/architecture.md "Modules").
export { NSE_SHAREHOLDING_LISTING, nseShareholdingListingParser } from './parser.ts';
export { readShareholdingListing } from './read-shareholding-listing.ts';
