import type { DatasetStatus } from '#schemas/read-models';
import { findProjection } from '#projections';
import type { SqlExecutor } from '#platform/db';
import { quoteTables } from '#platform/projector';
import { DATASETS, type Dataset, type DatasetName, type DatasetRows } from './dataset-catalogue.ts';
import type { ProjectionState } from './projection-states.ts';

async function projectionState(db: SqlExecutor, dataset: Dataset) {
  const projection = findProjection(dataset.projection);
  const { rows } = await db.query<{ status: 'live' | 'rebuilding'; updated_at: Date }>(
    'select status, updated_at from es_checkpoints where projection = $1 and version = $2',
    [dataset.projection, projection?.version ?? 0],
  );
  return { status: rows[0]?.status ?? ('missing' as const), updatedAt: rows[0]?.updated_at ?? null };
}

function unavailableReason(status: 'live' | 'rebuilding' | 'missing', hasRows: boolean): string | null {
  if (status === 'missing') return 'its projection has not been set up yet';
  if (status === 'rebuilding') return 'its projection is rebuilding';
  return hasRows ? null : 'nothing has been ingested for it yet';
}

/** Whether a dataset can be served now, without counting its rows. */
export async function checkDataset(db: SqlExecutor, dataset: Dataset): Promise<{ available: boolean; reason: string | null }> {
  const state = await projectionState(db, dataset);
  if (state.status !== 'live') return { available: false, reason: unavailableReason(state.status, false) };
  const { rows } = await db.query<{ present: boolean }>(`select exists (select 1 from ${quoteTables([dataset.table])}) as present`);
  const reason = unavailableReason(state.status, rows[0]?.present ?? false);
  return { available: reason === null, reason };
}

/** Rows a dataset serves and the latest known_at among them: counts every row (for the index, through its cache). */
export async function countDatasetRows(db: SqlExecutor, dataset: Dataset): Promise<DatasetRows> {
  if (dataset.stats) return dataset.stats(db);
  const { rows } = await db.query<{ rows: number; latest: Date | null }>(
    `select count(*)::int8 as rows, max(${dataset.knownAtColumn}) as latest from ${quoteTables([dataset.table])}`,
  );
  return { rows: rows[0]?.rows ?? 0, latest_known_at: rows[0]?.latest?.toISOString() ?? null };
}

/** A dataset's availability, size and freshness, from its projection's state and its counted rows (none while missing). */
export function datasetStatus(dataset: Dataset, state: ProjectionState, counted: DatasetRows | undefined): DatasetStatus {
  const reason = unavailableReason(state.status, (counted?.rows ?? 0) > 0);
  return {
    name: dataset.name,
    description: dataset.description,
    endpoints: [...dataset.endpoints],
    available: reason === null,
    reason,
    projection_status: state.status,
    rows: counted?.rows ?? null,
    latest_known_at: counted?.latest_known_at ?? null,
    latest_write: state.updatedAt?.toISOString() ?? null,
  };
}

export const findDataset = (name: DatasetName): Dataset => DATASETS.find((dataset) => dataset.name === name) as Dataset;
