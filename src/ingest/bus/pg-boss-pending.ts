import { type SqlExecutor, isPgError, SQLSTATE } from '#platform/db';
import type { PendingJobs } from '#ingest/jobs';
import { INGEST_QUEUE } from './pg-boss-queues.ts';

/**
 * Counts the queue's unsettled jobs in one statement over the queue's partition of pg-boss's
 * job table, which also keeps the jobs completed in the last 12 hours (until pg-boss archives
 * them): cheap, but growing with a large run, so callers answering requests cache it (the
 * /health route does, for a second). None before pg-boss has created its tables (no worker
 * has started yet).
 */
export async function countPendingJobs(db: SqlExecutor): Promise<PendingJobs> {
  try {
    const { rows } = await db.query<{ queued: number; in_flight: number }>(
      `select count(*) filter (where state < 'active')::int as queued, count(*) filter (where state = 'active')::int as in_flight
       from pgboss.job where name = $1 and state <= 'active'`,
      [INGEST_QUEUE],
    );
    return { queued: rows[0]?.queued ?? 0, inFlight: rows[0]?.in_flight ?? 0 };
  } catch (error) {
    if (isPgError(error) && (error.code === SQLSTATE.undefinedTable || error.code === SQLSTATE.undefinedSchema))
      return { queued: 0, inFlight: 0 };
    throw error;
  }
}
