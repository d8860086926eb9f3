import { copyFile, link, mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { PriceAdjustMode, SnapshotDataset, SnapshotFile, SnapshotManifest } from '#schemas/read-models';
import type { SqlExecutor } from '#platform/db';
import { type ParquetColumn, writeParquetFile } from '#platform/parquet';
import { DATASET_WRITERS } from './snapshot-datasets.ts';

/** A snapshot written before this one in the same run, whose files this one may reuse. */
export interface EarlierSnapshot {
  readonly dir: string;
  readonly manifest: SnapshotManifest;
}

export interface SnapshotPlan {
  readonly dir: string;
  readonly asOf: string;
  readonly datasets: readonly SnapshotDataset[];
  /** The instant the run started: the record it reads (stated in the manifest). */
  readonly recordedAsOf: string;
  readonly service: { readonly name: string; readonly version: string };
  readonly arguments: readonly string[];
  readonly adjust: PriceAdjustMode;
  readonly pageSize: number;
  readonly rowGroupRows?: number | undefined;
  readonly earlier?: EarlierSnapshot | undefined;
  /** Told of each file once it is written (or reused), with the milliseconds it took. */
  readonly onFile?: ((file: SnapshotFile, dir: string, ms: number) => void) | undefined;
}

const fileOf = (dataset: SnapshotDataset) => `${dataset}.parquet`;

/** `target` as the same file as `source`: a hard link, or a copy where the file system has none. */
async function linkOrCopy(source: string, target: string): Promise<void> {
  await rm(target, { force: true });
  try {
    await link(source, target);
  } catch {
    await copyFile(source, target);
  }
}

/** The earlier snapshot's file of `dataset`, when it has one. */
const earlierFile = (plan: SnapshotPlan, dataset: SnapshotDataset): SnapshotFile | undefined =>
  plan.earlier?.manifest.files.find((file) => file.dataset === dataset);

/**
 * One dataset's file. Reused from the earlier snapshot (same price adjustment) when its rows
 * certainly did not change between the two instants (`mayChange`, a few existence checks),
 * without reading them; else written, and then, if it came out byte for byte the earlier
 * file (the same SHA-256 and size), linked to it all the same.
 */
async function writeDataset(db: SqlExecutor, plan: SnapshotPlan, dataset: SnapshotDataset): Promise<SnapshotFile> {
  const writer = DATASET_WRITERS[dataset];
  const target = path.join(plan.dir, fileOf(dataset));
  const earlier = plan.earlier && plan.earlier.manifest.price_adjustment === plan.adjust ? earlierFile(plan, dataset) : undefined;
  const earlierPath = earlier && plan.earlier ? path.join(plan.earlier.dir, earlier.file) : undefined;
  const reusedFrom = earlierPath ? path.relative(plan.dir, earlierPath) : null;
  if (earlier && earlierPath && plan.earlier && !(await writer.mayChange(db, plan.earlier.manifest.as_of, plan.asOf))) {
    await linkOrCopy(earlierPath, target);
    return { ...earlier, reused_from: reusedFrom };
  }
  const rows = writer.rows(db, plan.asOf, { pageSize: plan.pageSize, adjust: plan.adjust });
  const written = await writeParquetFile(target, writer.columns as readonly ParquetColumn<unknown>[], rows, {
    rowGroupRows: plan.rowGroupRows,
  });
  const same = earlier !== undefined && earlier.sha256 === written.sha256 && earlier.bytes === written.bytes;
  if (same && earlierPath) await linkOrCopy(earlierPath, target);
  return { dataset, file: fileOf(dataset), ...written, reused_from: same ? reusedFrom : null };
}

/**
 * Writes the snapshot of `plan.datasets` as known at `plan.asOf` into `plan.dir`: a Parquet
 * file per dataset, then `manifest.json` (written last, and whole: a folder with a manifest is
 * complete). Datasets are written one after another, each read page by page.
 */
export async function writeSnapshot(db: SqlExecutor, plan: SnapshotPlan): Promise<SnapshotManifest> {
  await mkdir(plan.dir, { recursive: true });
  // A manifest left by an earlier run would vouch for files this run is about to replace.
  await rm(path.join(plan.dir, 'manifest.json'), { force: true });
  const files: SnapshotFile[] = [];
  for (const dataset of plan.datasets) {
    const started = performance.now();
    const file = await writeDataset(db, plan, dataset);
    plan.onFile?.(file, plan.dir, performance.now() - started);
    files.push(file);
  }
  const manifest: SnapshotManifest = {
    as_of: plan.asOf,
    recorded_as_of: plan.recordedAsOf,
    service: plan.service,
    datasets: [...plan.datasets],
    price_adjustment: plan.adjust,
    arguments: [...plan.arguments],
    files,
  };
  const partial = path.join(plan.dir, 'manifest.json.tmp');
  await writeFile(partial, `${JSON.stringify(manifest, null, 2)}\n`);
  await rename(partial, path.join(plan.dir, 'manifest.json'));
  return manifest;
}
