import { emptyCatalogue, once, type Catalogue } from './catalogue.ts';
import type { CorpusRoots } from './corpus-roots.ts';
import { addBseAnnouncements } from './datasets/bse-announcements.ts';
import { addBseBhavcopies } from './datasets/bse-bhavcopy.ts';
import { addBseCorporateActions } from './datasets/bse-corporate-actions.ts';
import { addBseScripList, bseScripsByCode, readBseScripList } from './datasets/bse-scrip-list.ts';
import { addNseBhavcopies } from './datasets/nse-bhavcopy.ts';
import { addNseCorporateListings } from './datasets/nse-corporate-listings.ts';
import { addNseIntegratedListing, readIntegratedRows } from './datasets/nse-integrated.ts';
import { addNseReference, equityNames } from './datasets/nse-reference.ts';
import { addNseResultsListing, listedDays, readResultsRows } from './datasets/nse-results.ts';
import { addXbrlFiles, xbrlFilesByName } from './datasets/xbrl-files.ts';

/** Everything the replay serves, from the corpus found at `roots` (see SOURCES.md, per dataset). */
export function buildCatalogue(roots: CorpusRoots): Catalogue {
  const catalogue = emptyCatalogue();
  // The CSV lists are read on first use: csv-parse takes a second over BSE's 4,500 scrips.
  const equity = once(() => equityNames(roots));
  const scripList = once(() => readBseScripList(roots));
  const scrips = once(() => bseScripsByCode(scripList()));

  addNseBhavcopies(catalogue, roots, () => equity().names);
  addBseBhavcopies(catalogue, roots, scrips);

  const results = readResultsRows(roots);
  const integrated = readIntegratedRows(roots);
  addNseResultsListing(catalogue, results);
  addNseIntegratedListing(catalogue, integrated);
  addXbrlFiles(catalogue, xbrlFilesByName(roots), new Map([...listedDays(integrated), ...listedDays(results)]));

  addNseCorporateListings(catalogue, roots, () => equity().isins);
  addNseReference(catalogue, roots);
  addBseCorporateActions(catalogue, roots, scrips);
  addBseAnnouncements(catalogue, roots);
  addBseScripList(catalogue, scripList);
  return catalogue;
}
