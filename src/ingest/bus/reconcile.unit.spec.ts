import { describe, expect, it } from 'vitest';
import type { OutcomeReport } from '#ingest/jobs/document-outcome';
import type { IngestJob } from '#ingest/jobs/ingest-bus';
import { startMemoryBus } from './memory-bus.ts';
import { createReconciler, type StrandedDocument } from './reconcile.ts';

const MINUTE = 60_000;
const parsed = (documentId: string): OutcomeReport => ({
  type: 'DocumentParsed',
  data: { documentId, format: 'f', parserVersion: 1, rows: 1, events: 1, problems: [], problemCount: 0 },
});

/** Stored documents by receipt time; those with an outcome are left out, as the read model would. */
function givenStore(documents: ReadonlyArray<StrandedDocument & { receivedAt: number }>, outcomes: Set<string>) {
  return (before: Date, limit: number) =>
    Promise.resolve(
      documents
        .filter((d) => !outcomes.has(d.documentId) && d.receivedAt < before.getTime())
        .sort((a, b) => a.receivedAt - b.receivedAt)
        .slice(0, limit)
        .map(({ documentId, format, key }) => ({ documentId, format, key })),
    );
}

describe('the reconciler', () => {
  it('queues again a stored document whose message was lost, once it has waited past the timeout, and it is parsed', async () => {
    const bus = await startMemoryBus();
    const outcomes = new Set<string>();
    let clock = 100 * MINUTE;
    const reconciler = createReconciler({
      bus,
      timeoutMs: 10 * MINUTE,
      now: () => clock,
      findStranded: givenStore(
        [
          { documentId: 'lost', format: 'nse-equity-list', key: 'company:x', receivedAt: 95 * MINUTE },
          { documentId: 'parsed', format: 'nse-equity-list', receivedAt: 80 * MINUTE },
        ],
        outcomes.add('parsed'),
      ),
    });
    expect(await reconciler.reconcile()).toEqual([]);
    clock = 106 * MINUTE;
    expect(await reconciler.reconcile()).toEqual([{ documentId: 'lost', format: 'nse-equity-list', key: 'company:x' }]);
    const ran: IngestJob[] = [];
    await bus.work((jobs) => {
      ran.push(...jobs);
      for (const job of jobs) outcomes.add(job.documentId);
      return Promise.resolve(jobs.map((job) => parsed(job.documentId)));
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    await bus.stop();
    expect(ran).toEqual([{ documentId: 'lost', format: 'nse-equity-list', key: 'company:x' }]);
  });

  it('queues a document again at most once a timeout while it still has no outcome', async () => {
    const bus = await startMemoryBus();
    let clock = 100 * MINUTE;
    const reconciler = createReconciler({
      bus,
      timeoutMs: 10 * MINUTE,
      now: () => clock,
      findStranded: givenStore([{ documentId: 'slow', format: 'f', receivedAt: 0 }], new Set()),
    });
    expect(await reconciler.reconcile()).toHaveLength(1);
    clock += 5 * MINUTE;
    expect(await reconciler.reconcile()).toHaveLength(0);
    clock += 5 * MINUTE;
    expect(await reconciler.reconcile()).toHaveLength(1);
    expect((await bus.pending()).queued).toBe(2);
  });
});
