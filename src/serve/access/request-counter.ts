import { type SqlExecutor, toPgArray } from '#platform/db';
import { countRequest } from './count-request.ts';
import type { WindowCount } from './rate-limit-verdict.ts';
import type { RateWindow } from './rate-limit-windows.ts';

/** Counts each request of a key in its rate-limit windows, and says what each window holds then. */
export interface RequestCounter {
  /** Charges `cost` requests to every window, or to none when any window has not that many left (see count-request.ts). */
  count(keyId: string, windows: readonly RateWindow[], cost: number): Promise<WindowCount[]>;
  /** Writes what is counted only in memory to the database; nothing to do for a counter that counts there. */
  flush(): Promise<void>;
  /** Stops the periodic writes and flushes; what is counted after it is written only by a later flush. */
  close(): Promise<void>;
}

/**
 * Counts in the database, one transaction a request: the counts every API process sharing the
 * database shares (a PostgreSQL server behind several processes).
 */
export function databaseRequestCounter(db: SqlExecutor): RequestCounter {
  return {
    count: (keyId, windows, cost) => countRequest(db, keyId, windows, cost),
    flush: () => Promise.resolve(),
    close: () => Promise.resolve(),
  };
}

export interface ProcessCounterOptions {
  /** How often counts are written to the database; every second when absent. */
  readonly flushEveryMs?: number;
  /** Told when writing the counts fails; they are kept and written with the next flush. */
  readonly onError?: (error: unknown) => void;
  /** The clock ended windows are forgotten by; tests move it. */
  readonly now?: () => Date;
}

interface Slot {
  readonly keyId: string;
  readonly window: RateWindow;
  /** Requests charged in the window: what the database held when it was first used here, and every charge since. */
  count: number;
  /** Charges not yet written to the database. */
  unwritten: number;
}

const FORGET_AFTER_MS = 5 * 60_000;

const slotKey = (keyId: string, window: RateWindow) => `${keyId} ${window.kind} ${window.start.toISOString()}`;

const LOAD = `select window_kind, window_start, request_count from rate_limit_counters
  where key_id = $1::uuid and (window_kind, window_start) in (select * from unnest($2::text[], $3::timestamptz[]))`;

/**
 * Stores each window's count as this process holds it (the count it read, and every charge
 * since), never lowering one: a total, not an increment, so a write that is done but reported
 * failed (PGlite's read time limit answers late statements so, read-time-limit.ts) and then
 * written again with the next counts its charges once. A key deleted meanwhile is skipped.
 */
const WRITE = `insert into rate_limit_counters as c (key_id, window_kind, window_start, request_count)
  select w.key_id, w.window_kind, w.window_start, w.total
  from unnest($1::uuid[], $2::text[], $3::timestamptz[], $4::int8[]) as w (key_id, window_kind, window_start, total)
  where exists (select 1 from api_keys k where k.key_id = w.key_id)
  on conflict on constraint rate_limit_counters_pk do update set request_count = greatest(c.request_count, excluded.request_count)`;

/**
 * Counts in this process, for a database no other process counts in (embedded PGlite: its
 * folder is locked to one process). A window's stored count is read once, when a key first
 * uses it here; charges are then decided in memory, with the same rules as the statement
 * (count-request.ts), and written to the database in one statement every `flushEveryMs` and on
 * close. So a request costs no statement, and on the embedded engine's one connection it never
 * waits for ingestion's work to be counted. A crash loses at most the last interval's charges
 * (the key is under-counted by them, never over-counted).
 */
export function processRequestCounter(db: SqlExecutor, options: ProcessCounterOptions = {}): RequestCounter {
  const clock = options.now ?? (() => new Date());
  const slots = new Map<string, Slot>();
  const loading = new Map<string, Promise<void>>();
  let writing: Promise<void> = Promise.resolve();

  const load = async (keyId: string, windows: readonly RateWindow[]): Promise<void> => {
    const missing = windows.filter((w) => !slots.has(slotKey(keyId, w)) && !loading.has(slotKey(keyId, w)));
    if (missing.length > 0) {
      const read = (async () => {
        const { rows } = await db.query<{ window_kind: string; window_start: Date; request_count: number | string }>(LOAD, [
          keyId,
          toPgArray(missing.map((w) => w.kind)),
          toPgArray(missing.map((w) => w.start.toISOString())),
        ]);
        for (const window of missing) {
          const stored = rows.find((r) => r.window_kind === window.kind && r.window_start.getTime() === window.start.getTime());
          slots.set(slotKey(keyId, window), { keyId, window, count: Number(stored?.request_count ?? 0), unwritten: 0 });
        }
      })();
      for (const window of missing) loading.set(slotKey(keyId, window), read);
      void read.catch(() => undefined).finally(() => missing.forEach((w) => loading.delete(slotKey(keyId, w))));
    }
    await Promise.all(windows.flatMap((w) => loading.get(slotKey(keyId, w)) ?? []));
  };

  const write = async (): Promise<void> => {
    const due = [...slots.values()].filter((slot) => slot.unwritten > 0);
    if (due.length > 0) {
      const charged = due.map((slot) => slot.unwritten);
      await db.query(WRITE, [
        toPgArray(due.map((slot) => slot.keyId)),
        toPgArray(due.map((slot) => slot.window.kind)),
        toPgArray(due.map((slot) => slot.window.start.toISOString())),
        toPgArray(due.map((slot) => slot.count)),
      ]);
      due.forEach((slot, i) => (slot.unwritten -= charged[i] ?? 0));
    }
    // A window is forgotten a while after it ended, never under a request still counting in it.
    const forgetBefore = clock().getTime() - FORGET_AFTER_MS;
    for (const [key, slot] of slots) if (slot.unwritten === 0 && slot.window.end.getTime() <= forgetBefore) slots.delete(key);
  };
  // One write at a time; a failed one leaves its charges to the next.
  const flush = (): Promise<void> => {
    writing = writing.then(write);
    return writing.catch((error: unknown) => {
      writing = Promise.resolve();
      throw error;
    });
  };
  const timer = setInterval(() => void flush().catch((error: unknown) => options.onError?.(error)), options.flushEveryMs ?? 1000);
  timer.unref();

  return {
    async count(keyId, windows, cost) {
      if (!Number.isSafeInteger(cost) || cost < 1)
        throw new RangeError(`a request counts as a whole number of requests, at least 1, not ${cost}`);
      await load(keyId, windows);
      // No await from here on: deciding and charging every window is one step.
      const counted = windows.map((window) => {
        const slot = slots.get(slotKey(keyId, window));
        if (!slot) throw new Error(`the counts of ${window.kind} window ${window.start.toISOString()} were not read`);
        return { window, slot, reached: slot.count + cost > window.limit };
      });
      // Charged to every window, or, when any window refuses it, to none.
      if (!counted.some((c) => c.reached)) {
        for (const { slot } of counted) {
          slot.count += cost;
          slot.unwritten += cost;
        }
      }
      return counted.map(({ window, slot, reached }) => ({ window, count: slot.count, reached }));
    },
    flush,
    async close() {
      clearInterval(timer);
      await flush();
    },
  };
}
