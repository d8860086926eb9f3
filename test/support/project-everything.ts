import { setTimeout as sleep } from 'node:timers/promises';
import { PROJECTIONS } from '#projections';
import { getProjectionStatus } from '#platform/projector/projection-status';
import type { Harness } from './service-harness.ts';

/**
 * Projects until every checkpoint has passed every event. One catch-up stops at the settled
 * events, and on a busy shared server another database's open transaction can hold the
 * latest back for longer than `project` waits.
 */
export async function projectEverything(harness: Harness): Promise<void> {
  for (let attempt = 0; attempt < 400; attempt += 1) {
    await harness.project();
    const statuses = await Promise.all(PROJECTIONS.map((p) => getProjectionStatus(harness.db, harness.store, p)));
    if (statuses.every((status) => status.lag === 0)) return;
    await sleep(50);
  }
  throw new Error('the projections did not catch up');
}
