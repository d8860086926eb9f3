import type { IngestJob } from '#ingest/jobs/ingest-bus';
import { passivePgBoss, startPgBossBus } from '#ingest/bus/pg-boss-bus';
import { DEAD_LETTER_QUEUE, INGEST_QUEUE } from '#ingest/bus/pg-boss-queues';
import type { Database } from '#platform/db/db';
import type { BusAdapter } from './ingest-bus.contract.ts';
import type { TestDatabase } from '../support/databases.ts';

/** A worker that takes one job and dies: pg-boss marks the job active, and nothing renews or completes it. */
export async function takeAndDie(db: Database): Promise<string | undefined> {
  const boss = passivePgBoss(db);
  await boss.start();
  const [job] = await boss.fetch<IngestJob>(INGEST_QUEUE, { batchSize: 1 });
  await boss.stop({ graceful: false, wait: true });
  return job?.id;
}

/** pg-boss on a test database, for the bus contract. */
export const pgBossAdapter = (database: TestDatabase): BusAdapter => ({
  name: `pg-boss on ${database.name}`,
  database,
  async start(db, policy, onError) {
    const bus = await startPgBossBus(db, {
      onError,
      leaseSeconds: policy.leaseSeconds,
      retry: { retryLimit: policy.retryLimit, retryDelay: 1, retryBackoff: false },
    });
    return {
      bus,
      takeAndDie: () => takeAndDie(db),
      async deadLetters() {
        const { rows } = await db.query<{ id: string }>(`select data->>'documentId' as id from pgboss.job where name = $1`, [
          DEAD_LETTER_QUEUE,
        ]);
        return rows.map((row) => row.id);
      },
    };
  },
});
