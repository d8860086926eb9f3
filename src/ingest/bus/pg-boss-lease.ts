import type PgBoss from 'pg-boss';
import type { Database } from '#platform/db';
import { INGEST_QUEUE } from './pg-boss-queues.ts';

/**
 * Fails the queue's active jobs for retry (or for good, when they have used their retries:
 * a document that kills its worker every time ends among the dead letters). Only for a
 * process that is its database's one worker, at start, when any active job was left by a
 * process that died.
 */
export async function retryLeftActive(db: Database, boss: PgBoss): Promise<void> {
  const { rows } = await db.query<{ id: string }>(`select id::text as id from pgboss.job where name = $1 and state = 'active'`, [
    INGEST_QUEUE,
  ]);
  for (const { id } of rows) await boss.fail(INGEST_QUEUE, id, { message: 'the process running it ended before it settled' });
}

/**
 * Renews the lease of running jobs every third of it, until stopped: pg-boss 10 has no lease
 * of its own, so this moves the job's `expire_in` in its job table, which an upgrade of
 * pg-boss must keep in step with (docs/ingestion.md, "Crashed workers").
 */
export function renewLease(
  run: (text: string, params: readonly unknown[]) => Promise<unknown>,
  jobIds: readonly string[],
  seconds: number,
  onError: (error: Error) => void,
): { stop(): void } {
  const timer = setInterval(
    () => {
      run(
        `update pgboss.job set expire_in = (now() - started_on) + $3 * interval '1 second'
         where name = $1 and id = any($2::uuid[]) and state = 'active'`,
        [INGEST_QUEUE, jobIds, seconds],
      ).catch((error: unknown) => onError(error instanceof Error ? error : new Error(String(error))));
    },
    (seconds * 1000) / 3,
  );
  return { stop: () => clearInterval(timer) };
}
