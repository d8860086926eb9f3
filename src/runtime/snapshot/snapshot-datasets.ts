import {
  MetricSchema,
  type PriceAdjustMode,
  CompanyIdentifierRowSchema,
  CorporateActionRowSchema,
  PriceRowSchema,
  ShareholdingRowSchema,
  type SnapshotDataset,
} from '#schemas/read-models';
import type { SqlExecutor } from '#platform/db';
import { columnsOfSchema, type ParquetColumn } from '#platform/parquet';
import {
  companiesMayChange,
  companyRows,
  corporateActionRows,
  corporateActionsMayChange,
  factRows,
  factsMayChange,
  metricRows,
  priceRows,
  pricesMayChange,
  shareholdingMayChange,
  shareholdingRows,
} from '#read/snapshot';
import { FACT_PARQUET_COLUMNS } from '#serve/http';

/** How the datasets are read: page sizes, and how candles are adjusted. */
export interface DatasetReading {
  readonly pageSize: number;
  readonly adjust: PriceAdjustMode;
}

/** One dataset of a snapshot: its columns, its rows as known at an instant, and whether they may change between two. */
export interface DatasetWriter {
  readonly columns: readonly ParquetColumn<never>[];
  rows(db: SqlExecutor, asOf: string, reading: DatasetReading): AsyncIterable<readonly unknown[]>;
  /** False only when the rows as of `to` are certainly those as of `from` (earlier); cheap. */
  mayChange(db: SqlExecutor, from: string, to: string): Promise<boolean>;
}

const columns = <R>(list: readonly ParquetColumn<R>[]) => list as readonly ParquetColumn<never>[];

/** Every dataset, by name: each reads through the as-of read its route uses. */
export const DATASET_WRITERS: Readonly<Record<SnapshotDataset, DatasetWriter>> = {
  companies: {
    columns: columns(columnsOfSchema(CompanyIdentifierRowSchema)),
    rows: (db, asOf, reading) => companyRows(db, asOf, Math.min(reading.pageSize, 500)),
    mayChange: companiesMayChange,
  },
  facts: {
    columns: columns(FACT_PARQUET_COLUMNS),
    rows: (db, asOf, reading) => factRows(db, asOf, reading.pageSize),
    mayChange: factsMayChange,
  },
  metrics: {
    columns: columns(columnsOfSchema(MetricSchema)),
    rows: (db, asOf) => metricRows(db, asOf),
    // Metrics derive from the facts alone.
    mayChange: factsMayChange,
  },
  prices: {
    columns: columns(columnsOfSchema(PriceRowSchema)),
    rows: (db, asOf, reading) => priceRows(db, asOf, reading),
    mayChange: pricesMayChange,
  },
  shareholding: {
    columns: columns(columnsOfSchema(ShareholdingRowSchema)),
    rows: (db, asOf) => shareholdingRows(db, asOf),
    mayChange: shareholdingMayChange,
  },
  corporate_actions: {
    columns: columns(columnsOfSchema(CorporateActionRowSchema)),
    rows: (db, asOf, reading) => corporateActionRows(db, asOf, reading.pageSize),
    mayChange: corporateActionsMayChange,
  },
};
