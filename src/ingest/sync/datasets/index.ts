import { bseAnnouncements, bseBhavcopy, bseCorporateActions } from './bse.ts';
import { bseScripMaster, nseReference } from './reference-lists.ts';
import type { Dataset } from './dataset.ts';
import { nseBhavcopyFull, nseBhavcopyLegacy, nseBhavcopyUdiff } from './nse-bhavcopies.ts';
import { nseAnnouncements, nseCorporateActions } from './nse-disclosures.ts';
import { nseIntegratedFiling, nseResults } from './nse-listings.ts';
import { nseShareholding } from './nse-shareholding.ts';

export type { Dataset, DatasetIo, FetchedDocument, SyncUnit, UnitOutcome } from './dataset.ts';

/** Every dataset the connectors fetch, reference lists first (what later files name must be known first). */
export const DATASETS: readonly Dataset[] = [
  nseReference,
  bseScripMaster,
  nseBhavcopyLegacy,
  nseBhavcopyUdiff,
  nseBhavcopyFull,
  bseBhavcopy,
  nseResults,
  nseIntegratedFiling,
  nseAnnouncements,
  bseAnnouncements,
  nseCorporateActions,
  bseCorporateActions,
  nseShareholding,
];

export const datasetNamed = (name: string): Dataset | undefined => DATASETS.find((dataset) => dataset.name === name);
