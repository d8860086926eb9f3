import { COMPANIES, INSTRUMENTS } from '#projections/companies';
import { FACTS } from '#projections/facts';
import { FILINGS } from '#projections/filings';
import { disclosuresDatasetStats, DISCLOSURES } from '#projections/disclosures';
import { shareholdingDatasetStats, SNAPSHOTS } from '#projections/shareholding';
import { corporateActionsDatasetStats, CORPORATE_ACTIONS } from '#projections/corporate-actions';
import { pricesDatasetStats, CANDLES } from '#projections/prices';
import type { SqlExecutor } from '#platform/db';

/** Rows a dataset serves and the greatest known_at among them. */
export interface DatasetRows {
  readonly rows: number;
  readonly latest_known_at: string | null;
}

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
  /** Rows served and their latest known_at, when that differs from counting the table (dedupe). */
  readonly stats?: (db: SqlExecutor) => Promise<DatasetRows>;
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
  {
    name: 'shareholding',
    description: 'Ownership snapshots per company and period end (promoter, FII, DII, mutual fund, public, pledged), with holder lines',
    projection: 'shareholding',
    table: SNAPSHOTS,
    knownAtColumn: 'known_at',
    endpoints: ['GET /v1/shareholding'],
    stats: shareholdingDatasetStats,
  },
  {
    name: 'events',
    description: 'Company disclosures (exchange announcements, insider-trading disclosures as documents) as one stream with event types',
    projection: 'disclosures',
    table: DISCLOSURES,
    knownAtColumn: 'known_at',
    endpoints: ['GET /v1/events', 'POST /v1/search'],
    stats: disclosuresDatasetStats,
  },
  {
    name: 'prices',
    description: 'OHLCV candles per exchange ticker and interval (1m to 1d), and quote snapshots',
    projection: 'prices',
    table: CANDLES,
    knownAtColumn: 'known_at',
    endpoints: ['GET /v1/prices'],
    stats: pricesDatasetStats,
  },
  {
    name: 'corporate_actions',
    description: 'Dividends, stock splits, bonus issues, rights issues and buybacks with ex-dates',
    projection: 'corporate_actions',
    table: CORPORATE_ACTIONS,
    knownAtColumn: 'known_at',
    endpoints: ['GET /v1/corporate-actions'],
    stats: corporateActionsDatasetStats,
  },
] as const satisfies readonly Dataset[];

export type DatasetName = (typeof DATASETS)[number]['name'];
