import { hostname } from 'node:os';
import type { IngestLimits, ExchangeHost, SyncConfig } from '#platform/config';
import type { SqlExecutor } from '#platform/db';
import { type Dataset, type DatasetIo, DATASETS, datasetNamed, type SyncUnit } from './datasets/index.ts';
import { createExchangeClient, type ExchangeClient } from './exchange-client.ts';
import { dueUnits } from './follow-schedule.ts';
import { type Clock, systemClock } from './host-budget.ts';
import type { DocumentSink } from './local-sink.ts';
import { istToday, runDatasetUnits, runUnit, UNIT_LEASE_MS, type UnitReport, type UnitsDeps } from './run-units.ts';
import { createSyncProgress, type SyncProgress } from './sync-progress.ts';

/** The exchanges' own hosts: what provenance names, whatever base URL a fetch went through. */
export const EXCHANGE_HOSTS: Readonly<Record<ExchangeHost, string>> = {
  'nse-www': 'https://www.nseindia.com',
  'nse-archives': 'https://nsearchives.nseindia.com',
  'bse-www': 'https://www.bseindia.com',
  'bse-api': 'https://api.bseindia.com',
};

export interface SyncServiceOptions {
  readonly db: SqlExecutor;
  readonly config: SyncConfig;
  readonly limits: IngestLimits;
  readonly sink: DocumentSink;
  /** NSE symbols of the companies known (the read side's, given by the composition root). */
  readonly nseSymbols: () => Promise<readonly string[]>;
  readonly clock?: Clock;
  readonly fetch?: typeof fetch;
  readonly leaseMs?: number;
  readonly signal?: AbortSignal;
  readonly onUnit?: (report: UnitReport) => void;
}

/** The datasets named (all when none), or the names that are not datasets. */
export function selectDatasets(names: readonly string[] | undefined): { datasets: Dataset[]; unknown: string[] } {
  if (!names || names.length === 0) return { datasets: [...DATASETS], unknown: [] };
  const unknown = names.filter((name) => !datasetNamed(name));
  return { datasets: DATASETS.filter((dataset) => names.includes(dataset.name)), unknown };
}

/** What a dataset may use: the client, the URLs, and what the store holds. */
export function datasetIo(
  db: SqlExecutor,
  config: SyncConfig,
  limits: IngestLimits,
  client: ExchangeClient,
  clock: Clock,
  nseSymbols: () => Promise<readonly string[]>,
  signal?: AbortSignal,
): DatasetIo {
  const hosts = Object.keys(EXCHANGE_HOSTS) as ExchangeHost[];
  return {
    client,
    limits,
    today: () => istToday(clock.now()),
    urlAt: (host, path) => `${config.baseUrls[host]}${path}`,
    canonicalAt: (host, path) => `${EXCHANGE_HOSTS[host]}${path}`,
    rebase(url) {
      const host =
        hosts.find((h) => url.startsWith(`${EXCHANGE_HOSTS[h]}/`)) ?? hosts.find((h) => url.startsWith(`${config.baseUrls[h]}/`));
      if (!host) return undefined;
      const base = url.startsWith(`${EXCHANGE_HOSTS[host]}/`) ? EXCHANGE_HOSTS[host] : config.baseUrls[host];
      return `${config.baseUrls[host]}${url.slice(base.length)}`;
    },
    async heldSourceUrls(urls) {
      if (urls.length === 0) return new Set();
      const { rows } = await db.query<{ source_url: string }>(
        `select source_url from raw_documents where source_url = any($1::text[])
         union select source_url from sync_relayed where source_url = any($1::text[])`,
        [urls],
      );
      return new Set(rows.map((row) => row.source_url));
    },
    nseSymbols,
    ...(signal ? { signal } : {}),
  };
}

/**
 * The connectors over one database: backfills of a date range, and the follow schedule's
 * ticks. Each process has its own lease owner, so processes sharing a database split the
 * units between them.
 */
export function createSyncService(options: SyncServiceOptions) {
  const clock = options.clock ?? systemClock;
  const client = createExchangeClient({
    baseUrls: options.config.baseUrls,
    budgets: options.config.budgets,
    timeoutMs: options.config.timeoutMs,
    maxBytes: options.limits.maxDocumentBytes,
    clock,
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
  const owner = `${hostname()}:${process.pid}:${Math.random().toString(36).slice(2, 10)}`;
  const progress: SyncProgress = createSyncProgress(options.db, owner);
  const io = datasetIo(options.db, options.config, options.limits, client, clock, options.nseSymbols, options.signal);
  const deps: UnitsDeps = {
    progress,
    io,
    sink: options.sink,
    clock,
    ...(options.leaseMs ? { leaseMs: options.leaseMs } : {}),
    ...(options.onUnit ? { onUnit: options.onUnit } : {}),
  };

  return {
    io,
    progress,
    /** The units a backfill of [from, to] would fetch, dataset by dataset. */
    async plan(datasets: readonly Dataset[], from: string, to: string) {
      return Promise.all(datasets.map(async (dataset) => ({ dataset, units: await dataset.units(from, to, io) })));
    },
    /**
     * Fetches every unit of [from, to] not settled yet: datasets side by side (each host
     * within its budget), units of a dataset in order.
     */
    async backfill(datasets: readonly Dataset[], from: string, to: string): Promise<UnitReport[]> {
      const plans = await this.plan(datasets, from, to);
      const reports = await Promise.all(plans.map(({ dataset, units }) => runDatasetUnits(deps, dataset, units)));
      return reports.flat();
    },
    /** Fetches one unit now, settled or not (a correction check), unless another process holds it. */
    async refetch(dataset: Dataset, unit: SyncUnit): Promise<UnitReport | undefined> {
      if (!(await progress.claim(dataset.name, unit.key, deps.leaseMs ?? UNIT_LEASE_MS, { refetch: true }))) return undefined;
      return runUnit(deps, dataset, unit);
    },
    /** One look at the follow schedule: every unit due now, fetched. */
    async tick(datasets: readonly Dataset[]): Promise<UnitReport[]> {
      const now = clock.now();
      const reports = await Promise.all(
        datasets.map(async (dataset) => {
          const done: UnitReport[] = [];
          for (const { unit, refetch } of await dueUnits(dataset, now, io, progress)) {
            if (options.signal?.aborted) break;
            if (await progress.claim(dataset.name, unit.key, deps.leaseMs ?? UNIT_LEASE_MS, { refetch })) {
              const report = await runUnit(deps, dataset, unit);
              options.onUnit?.(report);
              done.push(report);
            }
          }
          return done;
        }),
      );
      return reports.flat();
    },
    /** Ticks until stopped, a minute apart (the finest interval of the schedule is two minutes). */
    async follow(datasets: readonly Dataset[], onError: (error: Error) => void = () => undefined): Promise<void> {
      while (!options.signal?.aborted) {
        await this.tick(datasets).catch((error: unknown) => onError(error instanceof Error ? error : new Error(String(error))));
        await clock.sleep(60_000, options.signal);
      }
    },
  };
}

export type SyncService = ReturnType<typeof createSyncService>;
