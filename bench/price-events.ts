/**
 * `npx tsx bench/price-events.ts [-- --file <price file> ...] [--sizes 250,500,1000,2000] [--sizes-only]`
 *
 * How long a price file holds embedded PGlite's one connection (docs/prices.md, "Events of
 * bounded size"). For each file (by default the sample's intraday INFY.csv and daily
 * RELIANCE.csv): its PricesRecorded events as the service's parsers make them, appended in one
 * transaction (as ingestion appends a document) and then each in a transaction of its own, and
 * projected by the prices projection at the projector's own batching. Then, for each size in
 * `--sizes`, events of that many of the file's candles (of its first interval), each appended
 * and projected in a transaction of its own: the cost of one event.
 *
 * Each transaction, and each statement outside one (the projector's reads, timed with the
 * adapter's turn given to the event loop), is timed twice: wall time, and this process's CPU
 * time (PGlite runs on this thread, so on a busy machine the CPU time is nearer what the wall
 * time would be on an idle one). Prints only; times in ms.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { type DomainEvent, streamFor } from '#schemas/events';
import { pricesProjection } from '#projections/prices';
import { parserRegistry } from '#ingest/formats/all-parsers';
import { type Database, migrate } from '#platform/db';
import { openPglite } from '#platform/pglite';
import { prepareEvents, appendToStreams, createDomainEventStore, domainEventRegistry, type NewEvent } from '#platform/event-store';
import { catchUp } from '#platform/projector';
import { givenParseInput } from '../test/support/parse-input.ts';
import { percentile } from './report.ts';

const { values } = parseArgs({
  options: {
    file: { type: 'string', multiple: true, default: ['sample-data/prices/intraday/INFY.csv', 'sample-data/prices/daily/RELIANCE.csv'] },
    sizes: { type: 'string', default: '250,500,1000,2000' },
    'sizes-only': { type: 'boolean', default: false },
  },
});

type PriceEvent = NewEvent<DomainEvent>;

interface Took {
  readonly wall: number;
  readonly cpu: number;
}

/** Runs `fn`, adding its wall and CPU time to `into`. */
async function time<T>(into: Took[], fn: () => Promise<T>): Promise<T> {
  const [wall, cpu] = [performance.now(), process.cpuUsage()];
  try {
    return await fn();
  } finally {
    const used = process.cpuUsage(cpu);
    into.push({ wall: performance.now() - wall, cpu: (used.user + used.system) / 1000 });
  }
}

/**
 * The database, with every transaction and every statement outside one timed. A transaction is
 * timed from its first statement to its commit: the adapter first gives way to the event loop
 * (src/platform/pglite/pglite.ts), and what runs meanwhile (the projector's read of its next batch)
 * does not hold this transaction's connection.
 */
function timed(db: Database) {
  let transactions: Took[] = [];
  let reads: Took[] = [];
  const take = <T>(list: T[]): T[] => list.splice(0, list.length);
  return {
    db: {
      ...db,
      query: (text, params) => time(reads, () => db.query(text, params)),
      async transaction(fn) {
        let started: { wall: number; cpu: NodeJS.CpuUsage } | undefined;
        try {
          return await db.transaction((tx) => {
            started = { wall: performance.now(), cpu: process.cpuUsage() };
            return fn(tx);
          });
        } finally {
          if (started) {
            const used = process.cpuUsage(started.cpu);
            transactions.push({ wall: performance.now() - started.wall, cpu: (used.user + used.system) / 1000 });
          }
        }
      },
    } satisfies Database,
    transactions: () => take(transactions),
    reads: () => take(reads),
    reset() {
      transactions = [];
      reads = [];
    },
  };
}
type Timer = ReturnType<typeof timed>;

function parseFile(file: string): PriceEvent[] {
  const bytes = readFileSync(file);
  const fileName = path.basename(file);
  const parser = parserRegistry.detect(fileName, bytes);
  if (!parser) throw new Error(`no parser claims ${file}`);
  const outcome = parser.parse(givenParseInput(bytes, { fileName }));
  if (!outcome.ok) throw new Error(`${file}: ${outcome.reason}`);
  return outcome.events.filter((event) => event.type === 'PricesRecorded');
}

const appendsOf = (events: readonly PriceEvent[]) => {
  const byStream = new Map<string, PriceEvent[]>();
  for (const event of events) byStream.set(streamFor(event), [...(byStream.get(streamFor(event)) ?? []), event]);
  return [...byStream].map(([streamId, list]) => ({ streamId, events: prepareEvents(domainEventRegistry, list) }));
};

const appendEach = async (db: Database, groups: readonly (readonly PriceEvent[])[]) => {
  for (const group of groups) await db.transaction((tx) => appendToStreams(tx, appendsOf(group)));
};

const ms = (n: number) => (n >= 100 ? n.toFixed(0) : n.toFixed(1));
const clock = (took: readonly Took[], pick: (t: Took) => number) => {
  const list = took.map(pick);
  const total = list.reduce((a, b) => a + b, 0);
  return `total ${ms(total)}, longest ${ms(Math.max(...list))}, p50 ${ms(percentile(list, 50))}`;
};
const summary = (took: readonly Took[]) =>
  took.length === 0 ? 'none' : `${took.length}: wall ${clock(took, (t) => t.wall)}; cpu ${clock(took, (t) => t.cpu)}`;

const candlesOf = (events: readonly PriceEvent[]) =>
  events.reduce((n, event) => n + (event.type === 'PricesRecorded' ? event.data.candles.length : 0), 0);

/** A fresh store on a new PGlite folder, with the prices projection set up and caught up. */
async function withStore(run: (db: Database, timer: Timer) => Promise<void>): Promise<void> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'price-events-'));
  const raw = await openPglite(path.join(dir, 'data'));
  try {
    await migrate(raw);
    const timer = timed(raw);
    await catchUp(timer.db, createDomainEventStore(timer.db), [pricesProjection]);
    timer.reset();
    await run(timer.db, timer);
  } finally {
    await raw.close();
    await rm(dir, { recursive: true, force: true });
  }
}

async function measureFile(file: string): Promise<void> {
  const events = parseFile(file);
  const largest = Math.max(...events.map((e) => (e.type === 'PricesRecorded' ? e.data.candles.length : 0)));
  console.log(`${file}: ${events.length} PricesRecorded events, ${candlesOf(events)} candles, the largest ${largest}`);
  for (const mode of ['one transaction', 'a transaction per event'] as const) {
    await withStore(async (db, timer) => {
      await appendEach(db, mode === 'one transaction' ? [events] : events.map((event) => [event]));
      console.log(`  append, ${mode}: transactions ${summary(timer.transactions())}`);
      timer.reads();
      await catchUp(db, createDomainEventStore(db), [pricesProjection]);
      console.log(`  project: transactions ${summary(timer.transactions())}`);
      console.log(`           statements outside them ${summary(timer.reads())}`);
    });
  }
}

/** Events of `size` candles each, cut from `candles`, each as if from a file of its own. */
function eventsOf(first: PriceEvent, candles: readonly unknown[], size: number): PriceEvent[] {
  const out: PriceEvent[] = [];
  for (let at = 0; at + size <= candles.length; at += size) {
    const sha = createHash('sha256').update(`${size}:${at}`).digest('hex');
    const id = `${sha.slice(0, 8)}-${sha.slice(8, 12)}-5${sha.slice(13, 16)}-8${sha.slice(17, 20)}-${sha.slice(20, 32)}`;
    out.push({
      ...first,
      id,
      data: { ...first.data, candles: candles.slice(at, at + size) },
      metadata: { ...first.metadata, sourceSha256: sha },
    } as PriceEvent);
  }
  return out;
}

async function measureSizes(file: string, sizes: readonly number[]): Promise<void> {
  const events = parseFile(file);
  const [first] = events;
  if (first?.type !== 'PricesRecorded') return;
  const interval = first.data.interval;
  const candles = events.flatMap((e) => (e.type === 'PricesRecorded' && e.data.interval === interval ? e.data.candles : []));
  console.log(`one event per transaction, ${interval} candles of ${file}:`);
  for (const size of sizes) {
    await withStore(async (db, timer) => {
      const sized = eventsOf(first, candles, size);
      await appendEach(
        db,
        sized.map((event) => [event]),
      );
      const appended = timer.transactions();
      timer.reads();
      await catchUp(db, createDomainEventStore(db), [pricesProjection], { batchSize: 1 });
      const projected = timer.transactions().slice(0, sized.length); // the last step only marks the projection live
      const reads = timer.reads();
      const p50 = (took: readonly Took[], pick: (t: Took) => number) => ms(percentile(took.map(pick), 50));
      console.log(
        `  ${size} candles (${sized.length} events): append p50 wall ${p50(appended, (t) => t.wall)} cpu ${p50(appended, (t) => t.cpu)}; ` +
          `project p50 wall ${p50(projected, (t) => t.wall)} cpu ${p50(projected, (t) => t.cpu)}; ` +
          `a read of events p50 wall ${p50(reads, (t) => t.wall)} cpu ${p50(reads, (t) => t.cpu)}`,
      );
    });
  }
}

const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(', ');
console.log(`load average ${load()}`);
if (!values['sizes-only']) for (const file of values.file) await measureFile(file);
for (const file of values.file) await measureSizes(file, values.sizes.split(',').map(Number));
console.log(`load average ${load()}`);
