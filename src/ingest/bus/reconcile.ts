import type { IngestBus } from '#ingest/jobs';

/** A stored document with no parse outcome recorded. */
export interface StrandedDocument {
  readonly documentId: string;
  readonly format: string;
  readonly key?: string | undefined;
}

export interface ReconcilerDeps {
  readonly bus: IngestBus;
  /** Stored documents received before `before` with no parse outcome recorded, oldest first, at most `limit`. */
  readonly findStranded: (before: Date, limit: number) => Promise<readonly StrandedDocument[]>;
  /** How long a document may wait for its outcome before it is queued again. */
  readonly timeoutMs: number;
  readonly now?: () => number;
}

/** Queued again after the master lists (0) and files (1-8) a run queues, never ahead of them. */
const RECONCILE_PRIORITY = 9;
const LIMIT = 500;

/**
 * Queues again every stored document that has had no outcome for `timeoutMs`, whatever
 * became of its job: a message lost to a broker, a commit for a partition no longer owned
 * that skipped it, an enqueue cut short by a crash after the bytes were stored. A document
 * queued again by mistake (its outcome was merely slow) is parsed to the same events, which
 * the store appends once: the cost is the work, never a duplicate (ADR 10). A document is
 * queued again at most once a timeout, so one that is slow to parse is not piled up.
 */
export function createReconciler(deps: ReconcilerDeps) {
  const now = deps.now ?? Date.now;
  const requeuedAt = new Map<string, number>();
  return {
    /** One round: the documents queued again. */
    async reconcile(): Promise<readonly StrandedDocument[]> {
      const at = now();
      for (const [id, when] of requeuedAt) if (at - when >= deps.timeoutMs) requeuedAt.delete(id);
      const stranded = (await deps.findStranded(new Date(at - deps.timeoutMs), LIMIT)).filter((d) => !requeuedAt.has(d.documentId));
      if (stranded.length === 0) return [];
      await deps.bus.enqueue(
        stranded.map(({ documentId, format, key }) => ({ documentId, format, priority: RECONCILE_PRIORITY, ...(key ? { key } : {}) })),
      );
      for (const d of stranded) requeuedAt.set(d.documentId, at);
      return stranded;
    },
  };
}

/** Runs the reconciler every `intervalMs` until stopped; a failed round is reported and the next one tries again. */
export function startReconciler(deps: ReconcilerDeps & { readonly intervalMs: number; readonly onError: (error: Error) => void }): {
  stop(): Promise<void>;
} {
  const reconciler = createReconciler(deps);
  let round: Promise<unknown> = Promise.resolve();
  const timer = setInterval(() => {
    round = reconciler.reconcile().catch((error: unknown) => deps.onError(error instanceof Error ? error : new Error(String(error))));
  }, deps.intervalMs);
  return {
    async stop() {
      clearInterval(timer);
      await round;
    },
  };
}
