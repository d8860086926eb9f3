import type { SqlExecutor } from '#platform/db';
import type { UnitOutcome } from './datasets/dataset.ts';

export type UnitState = 'pending' | 'open' | 'done' | 'absent';

export interface UnitProgress {
  readonly dataset: string;
  readonly unit: string;
  readonly state: UnitState;
  readonly lastOutcome: string | null;
  readonly lastError: string | null;
  readonly attempts: number;
  readonly failures: number;
  readonly documents: number;
  readonly fetchedAt: string | null;
  readonly triedAt: string | null;
  readonly nextDue: string | null;
}

interface UnitRow {
  dataset: string;
  unit: string;
  state: UnitState;
  last_outcome: string | null;
  last_error: string | null;
  attempts: number;
  failures: number;
  documents: number;
  fetched_at: Date | string | null;
  tried_at: Date | string | null;
  next_due: Date | string | null;
}

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());
const progressOf = (row: UnitRow): UnitProgress => ({
  dataset: row.dataset,
  unit: row.unit,
  state: row.state,
  lastOutcome: row.last_outcome,
  lastError: row.last_error,
  attempts: row.attempts,
  failures: row.failures,
  documents: row.documents,
  fetchedAt: iso(row.fetched_at),
  triedAt: iso(row.tried_at),
  nextDue: iso(row.next_due),
});

/** Each dataset's standing, for `npm run sync -- status`, /health and GET /v1/. */
export interface DatasetStanding {
  readonly dataset: string;
  /** The newest unit fetched for good (or found empty), and when the last fetch that got data was. */
  readonly lastUnitDone: string | null;
  readonly lastFetchedAt: string | null;
  readonly nextDue: string | null;
  readonly units: number;
  readonly done: number;
  /** Units whose last try got no data (blocked, failed, not yet published). */
  readonly failing: number;
  readonly lastError: string | null;
}

/**
 * The progress of the connectors, kept in the database: units are claimed under a lease
 * (`claim`), and their outcome recorded (`record`) with the lease released.
 */
export function createSyncProgress(db: SqlExecutor, owner: string) {
  return {
    /** The units of a dataset that need no fetch: done or absent for good. */
    async settled(dataset: string, units: readonly string[]): Promise<ReadonlySet<string>> {
      if (units.length === 0) return new Set();
      const { rows } = await db.query<{ unit: string }>(
        `select unit from sync_units where dataset = $1 and unit = any($2::text[]) and state in ('done', 'absent')`,
        [dataset, units],
      );
      return new Set(rows.map((row) => row.unit));
    },

    /**
     * Takes a unit for `leaseMs` unless another process holds it or it is settled: true
     * when this process has it. A lease of a process that died lapses on its own.
     */
    async claim(dataset: string, unit: string, leaseMs: number, options: { refetch?: boolean } = {}): Promise<boolean> {
      const { rows } = await db.query<{ unit: string }>(
        `insert into sync_units as u (dataset, unit, lease_owner, lease_until)
         values ($1, $2, $3, now() + $4 * interval '1 millisecond')
         on conflict (dataset, unit) do update set lease_owner = excluded.lease_owner, lease_until = excluded.lease_until
         where (u.lease_until is null or u.lease_until < now() or u.lease_owner = excluded.lease_owner)
           and ($5 or u.state not in ('done', 'absent'))
         returning unit`,
        [dataset, unit, owner, leaseMs, options.refetch ?? false],
      );
      return rows.length > 0;
    },

    /** Extends this process's lease on a unit it is still working on. */
    async renew(dataset: string, unit: string, leaseMs: number): Promise<void> {
      await db.query(
        `update sync_units set lease_until = now() + $4 * interval '1 millisecond' where dataset = $1 and unit = $2 and lease_owner = $3`,
        [dataset, unit, owner, leaseMs],
      );
    },

    /** Records a try's outcome and releases the lease; `state` says whether the unit is finished. */
    async record(
      dataset: string,
      unit: string,
      outcome: UnitOutcome,
      result: { state: UnitState; documents: number; nextDue: string | null; error: string | null; at: string },
    ): Promise<void> {
      // Times by the sync's clock (the schedule compares them with it), leases by the database's.
      const gotData = outcome.kind === 'fetched';
      await db.query(
        `update sync_units set state = $4, last_outcome = $5, last_error = $6, attempts = attempts + 1,
           failures = case when $7 then 0 else failures + 1 end,
           documents = documents + $8, fetched_at = case when $7 then $10::timestamptz else fetched_at end,
           tried_at = $10::timestamptz, next_due = $9, lease_owner = null, lease_until = null
         where dataset = $1 and unit = $2 and lease_owner = $3`,
        [
          dataset,
          unit,
          owner,
          result.state,
          outcome.kind,
          result.error,
          gotData || outcome.kind === 'absent',
          result.documents,
          result.nextDue,
          result.at,
        ],
      );
    },

    /** Lets go of a unit without recording a try (the run was stopped). */
    async release(dataset: string, unit: string): Promise<void> {
      await db.query(`update sync_units set lease_owner = null, lease_until = null where dataset = $1 and unit = $2 and lease_owner = $3`, [
        dataset,
        unit,
        owner,
      ]);
    },

    /** The progress of some units of a dataset, by unit (those never tried are absent). */
    async units(dataset: string, units: readonly string[]): Promise<ReadonlyMap<string, UnitProgress>> {
      if (units.length === 0) return new Map();
      const { rows } = await db.query<UnitRow>('select * from sync_units where dataset = $1 and unit = any($2::text[])', [dataset, units]);
      return new Map(rows.map((row) => [row.unit, progressOf(row)]));
    },

    async unit(dataset: string, unit: string): Promise<UnitProgress | undefined> {
      const { rows } = await db.query<UnitRow>('select * from sync_units where dataset = $1 and unit = $2', [dataset, unit]);
      return rows[0] && progressOf(rows[0]);
    },
  };
}

export type SyncProgress = ReturnType<typeof createSyncProgress>;

/** Every dataset's standing, from the progress table. */
export async function datasetStandings(db: SqlExecutor): Promise<DatasetStanding[]> {
  const { rows } = await db.query<{
    dataset: string;
    last_unit_done: string | null;
    last_fetched_at: Date | string | null;
    next_due: Date | string | null;
    units: string;
    done: string;
    failing: string;
    last_error: string | null;
  }>(
    `select dataset,
            max(unit) filter (where state in ('done', 'absent', 'open')) as last_unit_done,
            max(fetched_at) as last_fetched_at,
            min(next_due) filter (where state in ('pending', 'open')) as next_due,
            count(*) as units,
            count(*) filter (where state in ('done', 'absent')) as done,
            count(*) filter (where state in ('pending', 'open') and failures > 0 and last_outcome <> 'fetched') as failing,
            (array_agg(last_error order by tried_at desc nulls last) filter (where last_error is not null))[1] as last_error
     from sync_units group by dataset order by dataset`,
  );
  return rows.map((row) => ({
    dataset: row.dataset,
    lastUnitDone: row.last_unit_done,
    lastFetchedAt: iso(row.last_fetched_at),
    nextDue: iso(row.next_due),
    units: Number(row.units),
    done: Number(row.done),
    failing: Number(row.failing),
    lastError: row.last_error,
  }));
}
