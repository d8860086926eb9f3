import { COMPANIES } from '#projections/companies';
import type { Config } from '#platform/config';
import type { SqlExecutor } from '#platform/db';
import type { Logger } from 'pino';
import {
  DATASETS,
  type Dataset,
  createLocalSink,
  type DocumentSink,
  type UnitReport,
  createSyncService,
  selectDatasets,
  type SyncServiceOptions,
} from '#ingest/sync';
import type { Ingestion } from '#runtime/ingestion';

/** NSE symbols of the companies the read side knows (none before the companies table exists). */
export function nseSymbolsOf(db: SqlExecutor): () => Promise<readonly string[]> {
  return async () => {
    const { rows } = await db
      .query<{ nse_symbol: string }>(`select distinct nse_symbol from ${COMPANIES} where nse_symbol is not null order by nse_symbol`)
      .catch(() => ({ rows: [] as Array<{ nse_symbol: string }> }));
    return rows.map((row) => row.nse_symbol);
  };
}

/** The connectors of a process, on its database, delivering to `sink`. */
export function openSync(
  config: Config,
  db: SqlExecutor,
  sink: DocumentSink,
  options: Omit<SyncServiceOptions, 'db' | 'config' | 'limits' | 'sink' | 'nseSymbols'> = {},
) {
  return createSyncService({ db, config: config.sync, limits: config.ingestLimits, sink, nseSymbols: nseSymbolsOf(db), ...options });
}

/**
 * The datasets SYNC=on follows (SYNC_DATASETS, all when unset). A name that is no dataset is
 * a configuration error, thrown as loadConfig throws its own: the settings cannot check the
 * names themselves (the platform knows no connector).
 */
export function followedDatasets(config: Config): Dataset[] {
  const { datasets, unknown } = selectDatasets(config.sync.datasets);
  if (unknown.length > 0) {
    throw new Error(
      `invalid configuration:\n  SYNC_DATASETS: not datasets: ${unknown.join(', ')} (the datasets: ${DATASETS.map((d) => d.name).join(', ')})`,
    );
  }
  return datasets;
}

/** A unit worth a line in the service's log: what got data, and what got none. */
function logUnit(logger: Pick<Logger, 'info' | 'warn'>, report: UnitReport): void {
  const { dataset, unit, outcome, reason, requests } = report;
  if (outcome === 'fetched') logger.info({ dataset, unit, stored: report.delivery?.stored ?? 0, requests }, 'sync: unit fetched');
  else if (outcome === 'blocked' || outcome === 'failed')
    logger.warn({ dataset, unit, outcome, reason, requests }, 'sync: unit got no data');
}

/**
 * SYNC=on in a long-running process: the follow schedule of the datasets configured, run in
 * the background on this process's ingestion until `stop` (which lets the unit under way
 * finish or leaves it for the next run). Processes sharing a server split the units between
 * them by lease, so every worker may run it.
 */
export function startFollowing(
  config: Config,
  db: SqlExecutor,
  ingestion: Pick<Ingestion, 'deps'>,
  logger: Pick<Logger, 'info' | 'warn' | 'error'>,
  signal: AbortSignal,
): { stop(): Promise<void> } {
  const datasets = followedDatasets(config);
  const controller = new AbortController();
  const stopped = AbortSignal.any([signal, controller.signal]);
  const sync = openSync(config, db, createLocalSink(ingestion.deps, config.ingestLimits), {
    signal: stopped,
    onUnit: (report) => logUnit(logger, report),
  });
  logger.info({ datasets: datasets.map((d) => d.name) }, `sync follows ${datasets.map((d) => d.name).join(', ')}`);
  const following = sync
    .follow(datasets, (error) => logger.error({ err: error }, 'sync: a look at the schedule failed'))
    .catch((error: unknown) => logger.error({ err: error }, 'sync stopped'));
  return {
    async stop() {
      controller.abort();
      await following;
    },
  };
}
