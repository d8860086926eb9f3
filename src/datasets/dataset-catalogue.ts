import { COMPANIES, INSTRUMENTS } from '../../projections/companies/tables.ts';
import { FACTS } from '../../projections/facts/tables.ts';
import { FILINGS } from '../../projections/filings/tables.ts';

/** A body of data the API serves, the projection that builds it, and where it is served. */
export interface Dataset {
  readonly name: string;
  readonly description: string;
  readonly projection: string;
  /** The read table whose rows make the dataset; it is unavailable while this is empty. */
  readonly table: string;
  /** Column holding each row's knowledge time, for the latest write. */
  readonly knownAtColumn: string;
  readonly endpoints: readonly string[];
}

export const DATASETS = [
  {
    name: 'companies',
    description: 'Company master: names, identifiers, sector, listing status',
    projection: 'companies',
    table: COMPANIES,
    knownAtColumn: 'updated_at',
    endpoints: ['GET /v1/companies', 'POST /v1/search'],
  },
  {
    name: 'instruments',
    description: 'Tradable securities under each company, per exchange',
    projection: 'companies',
    table: INSTRUMENTS,
    knownAtColumn: 'known_at',
    endpoints: ['GET /v1/instruments'],
  },
  {
    name: 'financials',
    description: 'Reported financial facts, one row per version (restatements kept), and the metrics derived from them',
    projection: 'facts',
    table: FACTS,
    knownAtColumn: 'known_at',
    endpoints: ['GET /v1/financials', 'GET /v1/financial-metrics'],
  },
  {
    name: 'filings',
    description: 'Source filings behind facts, ownership, actions and disclosures',
    projection: 'filings',
    table: FILINGS,
    knownAtColumn: 'known_at',
    endpoints: ['GET /v1/filings'],
  },
] as const satisfies readonly Dataset[];

export type DatasetName = (typeof DATASETS)[number]['name'];
