import { COMPANIES } from '../../projections/companies/tables.ts';
import type { Config } from '../platform/config.ts';
import type { SqlExecutor } from '../platform/db/db.ts';
import type { DocumentSink } from '../ingest/sync/local-sink.ts';
import { createSyncService, type SyncServiceOptions } from '../ingest/sync/sync-service.ts';

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
