import { randomUUID } from 'node:crypto';
import type { BatchHandler, DeadLetterHandler, IngestBus, IngestJob, JobSettlement, QueuedJob } from '#ingest/jobs';
import { nap } from './nap.ts';
import { runBatch } from './run-batch.ts';
import { tellDeadLetter } from './tell-dead-letter.ts';

export interface MemoryBusOptions {
  /** How long a taken job stays with a worker that stopped renewing it before it is delivered again. */
  readonly leaseMs?: number;
  /** Runs after the first failure (an expired lease counts as one) before the job is dead-lettered. */
  readonly retryLimit?: number;
  readonly retryDelayMs?: number;
}

interface Entry {
  readonly id: string;
  readonly job: QueuedJob;
  readonly seq: number;
  state: 'queued' | 'active' | 'settled';
  attempts: number;
  /** Queued: not before; active: the lease's end. */
  until: number;
}

/** The job an entry holds, as a worker is handed it (without its queue priority). */
const jobOf = ({ job: { priority: _, ...job } }: Entry): IngestJob => job;

/** An in-memory bus adds, for tests, a worker that takes one job and dies holding it. */
export interface MemoryBus extends IngestBus {
  /** Takes the next job as a worker would, and never renews, completes or fails it: its id. */
  takeAndDie(): string | undefined;
  /** The jobs dead-lettered so far. */
  deadLetters(): readonly IngestJob[];
}

/**
 * The ingestion bus in one process's memory, for tests and for projection logic run without
 * a database: the same guarantees as the others (at least once, again after a lapsed lease,
 * retries, then a dead letter), priorities kept, nothing kept across a restart.
 */
export function startMemoryBus(options: MemoryBusOptions = {}): Promise<MemoryBus> {
  const leaseMs = options.leaseMs ?? 30_000;
  const retryLimit = options.retryLimit ?? 4;
  const retryDelayMs = options.retryDelayMs ?? 1_000;
  const entries = new Map<string, Entry>();
  const settled = new Map<string, JobSettlement>();
  const dead: IngestJob[] = [];
  const wakers = new Set<() => void>();
  const halt = new AbortController();
  const loops: Promise<void>[] = [];
  let seq = 0;
  const wake = () => [...wakers].forEach((w) => w());

  const settle = (entry: Entry, settlement: JobSettlement) => {
    entry.state = 'settled';
    settled.set(entry.id, settlement);
    wake();
  };
  /** A failed run: queued again while retries remain, else dead-lettered, `onDeadLetter` told before it settles. */
  const fail = async (entry: Entry, error: Error, onDeadLetter: DeadLetterHandler | undefined) => {
    entry.attempts += 1;
    if (entry.attempts <= retryLimit) {
      entry.state = 'queued';
      entry.until = Date.now() + retryDelayMs;
      return;
    }
    // Out of the queue at once (no worker takes it again); settled once the handler has heard.
    entry.state = 'settled';
    dead.push(entry.job);
    await tellDeadLetter(onDeadLetter, jobOf(entry), error);
    settle(entry, { jobId: entry.id, state: 'failed' });
  };

  /** The next due jobs, lowest priority number first, then oldest; lapsed leases fail first. */
  function take(batchSize: number, onDeadLetter?: DeadLetterHandler): Entry[] {
    const now = Date.now();
    for (const entry of entries.values())
      if (entry.state === 'active' && entry.until <= now)
        void fail(entry, new Error('its worker stopped renewing its lease'), onDeadLetter);
    const due = [...entries.values()]
      .filter((e) => e.state === 'queued' && e.until <= now)
      .sort((a, b) => a.job.priority - b.job.priority || a.seq - b.seq)
      .slice(0, batchSize);
    for (const entry of due) {
      entry.state = 'active';
      entry.until = now + leaseMs;
    }
    return due;
  }

  async function workLoop(handler: BatchHandler, batchSize: number, onDeadLetter: DeadLetterHandler | undefined): Promise<void> {
    while (!halt.signal.aborted) {
      const batch = take(batchSize, onDeadLetter);
      if (batch.length === 0) {
        await nap(Math.min(50, leaseMs / 3), wakers, halt.signal);
        continue;
      }
      const renew = setInterval(() => batch.forEach((e) => (e.until = Date.now() + leaseMs)), leaseMs / 3);
      try {
        const results = await runBatch(handler, batch.map(jobOf));
        for (const [i, entry] of batch.entries()) {
          const result = results[i];
          // A job whose lease lapsed meanwhile went back to the queue: its retry decides.
          if (entry.state !== 'active') continue;
          if (result?.ok) settle(entry, { jobId: entry.id, state: 'completed', outcome: result.outcome });
          else await fail(entry, result?.error ?? new Error('no result'), onDeadLetter);
        }
      } finally {
        clearInterval(renew);
      }
    }
  }

  return Promise.resolve({
    enqueue(jobs) {
      const ids = jobs.map((job) => {
        const entry: Entry = { id: randomUUID(), job, seq: seq++, state: 'queued', attempts: 0, until: 0 };
        entries.set(entry.id, entry);
        return entry.id;
      });
      wake();
      return Promise.resolve(ids);
    },
    work(handler, { workers = 1, batchSize = 10, onDeadLetter } = {}) {
      for (let i = 0; i < workers; i++) loops.push(workLoop(handler, batchSize, onDeadLetter));
      return Promise.resolve();
    },
    async waitFor(jobIds, onSettled, { pollMs = 250, signal } = {}) {
      const pending = new Set(jobIds);
      while (pending.size > 0 && !signal?.aborted) {
        const news = [...pending].flatMap((id) => {
          const found = settled.get(id);
          return found ? [found] : [];
        });
        for (const { jobId } of news) pending.delete(jobId);
        if (news.length > 0) await onSettled(news);
        else await nap(pollMs, wakers, signal);
      }
    },
    pending() {
      const states = [...entries.values()].map((e) => e.state);
      return Promise.resolve({
        queued: states.filter((s) => s === 'queued').length,
        inFlight: states.filter((s) => s === 'active').length,
      });
    },
    async stop() {
      halt.abort();
      await Promise.all(loops);
    },
    takeAndDie() {
      return take(1)[0]?.id;
    },
    deadLetters: () => [...dead],
  });
}
