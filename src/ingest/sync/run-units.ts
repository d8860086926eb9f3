import { istParts } from '#platform/time';
import type { Dataset, DatasetIo, SyncUnit, UnitOutcome } from './datasets/dataset.ts';
import type { Clock } from './host-budget.ts';
import type { Delivery, DocumentSink } from './local-sink.ts';
import type { SyncProgress, UnitState } from './sync-progress.ts';

/** How long a claimed unit is this process's without renewal: a process killed mid-unit holds it no longer. */
export const UNIT_LEASE_MS = 60_000;

export interface UnitsDeps {
  readonly progress: SyncProgress;
  readonly io: DatasetIo;
  readonly sink: DocumentSink;
  readonly clock: Clock;
  readonly leaseMs?: number;
  /** Told of each unit as it ends. */
  readonly onUnit?: (report: UnitReport) => void;
}

export interface UnitReport {
  readonly dataset: string;
  readonly unit: string;
  readonly outcome: UnitOutcome['kind'] | 'skipped' | 'taken-elsewhere';
  readonly state?: UnitState;
  readonly reason?: string;
  readonly requests: number;
  readonly delivery?: Delivery;
}

/** When a unit that got no data is tried again: 15 minutes, doubling with each failure in a row, at most a day. */
export function retryDelayMs(failures: number): number {
  return Math.min(24 * 3_600_000, 15 * 60_000 * 2 ** Math.max(0, failures));
}

/** The state a unit is left in by an outcome: a window that reaches today stays open, to be fetched again. */
function stateAfter(outcome: UnitOutcome, unit: SyncUnit, today: string): UnitState {
  if (outcome.kind === 'absent') return unit.to >= today ? 'open' : 'absent';
  if (outcome.kind !== 'fetched' || outcome.incomplete) return 'pending';
  return unit.to >= today && !unit.final ? 'open' : 'done';
}

/**
 * Fetches one claimed unit, delivers what it got, and records the outcome. The lease is
 * renewed while it runs; a failure of the sink (the database) leaves the unit pending
 * with the error, never done.
 */
export async function runUnit(deps: UnitsDeps, dataset: Dataset, unit: SyncUnit): Promise<UnitReport> {
  const leaseMs = deps.leaseMs ?? UNIT_LEASE_MS;
  const renewal = setInterval(() => void deps.progress.renew(dataset.name, unit.key, leaseMs).catch(() => undefined), leaseMs / 3);
  try {
    const before = await deps.progress.unit(dataset.name, unit.key);
    let outcome: UnitOutcome;
    try {
      outcome = await dataset.fetch(unit, deps.io);
    } catch (error) {
      outcome = { kind: 'failed', reason: error instanceof Error ? error.message : String(error), requests: 0 };
    }
    if (deps.io.signal?.aborted && outcome.kind !== 'fetched') {
      await deps.progress.release(dataset.name, unit.key);
      return { dataset: dataset.name, unit: unit.key, outcome: 'skipped', requests: outcome.requests };
    }
    let delivery: Delivery | undefined;
    // An absent unit's reason (a holiday) is no error: the unit is settled.
    let error: string | null =
      outcome.kind === 'fetched' ? (outcome.incomplete ?? null) : outcome.kind === 'absent' ? null : outcome.reason;
    let state = stateAfter(outcome, unit, deps.io.today());
    if (outcome.kind === 'fetched') {
      try {
        delivery = await deps.sink.deliver(outcome.documents, deps.io.signal);
      } catch (failure) {
        error = `delivering its documents failed: ${failure instanceof Error ? failure.message : String(failure)}`;
        state = 'pending';
      }
    }
    const failures = outcome.kind === 'fetched' || outcome.kind === 'absent' ? 0 : (before?.failures ?? 0) + 1;
    const nextDue = state === 'pending' ? new Date(deps.clock.now() + retryDelayMs(failures - 1)).toISOString() : null;
    await deps.progress.record(dataset.name, unit.key, outcome, {
      state,
      documents: delivery?.stored ?? 0,
      nextDue,
      error,
      at: new Date(deps.clock.now()).toISOString(),
    });
    return {
      dataset: dataset.name,
      unit: unit.key,
      outcome: outcome.kind,
      state,
      requests: outcome.requests,
      ...(error ? { reason: error } : outcome.kind === 'absent' ? { reason: outcome.reason } : {}),
      ...(delivery ? { delivery } : {}),
    };
  } finally {
    clearInterval(renewal);
  }
}

/**
 * Runs the units of one dataset in order: settled units are skipped (a backfill resumed
 * after a crash fetches nothing it finished), a unit another process holds is left to it
 * and looked at again once the others are done (taken over if that process died and its
 * lease lapsed).
 */
export async function runDatasetUnits(deps: UnitsDeps, dataset: Dataset, units: readonly SyncUnit[], options: { refetch?: boolean } = {}) {
  const leaseMs = deps.leaseMs ?? UNIT_LEASE_MS;
  const reports: UnitReport[] = [];
  const report = (r: UnitReport) => {
    reports.push(r);
    deps.onUnit?.(r);
  };
  const settled = options.refetch
    ? new Set<string>()
    : await deps.progress.settled(
        dataset.name,
        units.map((u) => u.key),
      );
  let deferred: SyncUnit[] = [];
  for (const unit of units) {
    if (deps.io.signal?.aborted) break;
    if (settled.has(unit.key)) {
      report({ dataset: dataset.name, unit: unit.key, outcome: 'skipped', requests: 0 });
      continue;
    }
    if (await deps.progress.claim(dataset.name, unit.key, leaseMs, options)) report(await runUnit(deps, dataset, unit));
    else deferred.push(unit);
  }
  // Units another process held: wait for them to settle, or for a dead holder's lease to lapse.
  const giveUpAt = deps.clock.now() + 2 * leaseMs;
  while (deferred.length > 0 && !deps.io.signal?.aborted && deps.clock.now() < giveUpAt) {
    const stillSettled = await deps.progress.settled(
      dataset.name,
      deferred.map((u) => u.key),
    );
    const next: SyncUnit[] = [];
    for (const unit of deferred) {
      if (stillSettled.has(unit.key)) report({ dataset: dataset.name, unit: unit.key, outcome: 'taken-elsewhere', requests: 0 });
      else if (await deps.progress.claim(dataset.name, unit.key, leaseMs, options)) report(await runUnit(deps, dataset, unit));
      else next.push(unit);
    }
    deferred = next;
    if (deferred.length > 0) await deps.clock.sleep(1_000, deps.io.signal);
  }
  for (const unit of deferred) report({ dataset: dataset.name, unit: unit.key, outcome: 'taken-elsewhere', requests: 0 });
  return reports;
}

/** Today's date in India at an instant. */
export const istToday = (ms: number) => istParts(ms).date;
