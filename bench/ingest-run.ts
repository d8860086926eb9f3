/**
 * One benchmark run against one database, in its own process so its peak RSS is its own.
 * Prints one JSON line with the measurements. Driven by bench/ingest.ts.
 */
import { parseArgs } from 'node:util';
import { factsProjection, FACTS } from '#projections/facts';
import { type Database, migrate } from '#platform/db';
import { openPgPool } from '#platform/db-engines';
import { openPglite } from '#platform/pglite';
import { appendPrepared, prepareEvents, createDomainEventStore, domainEventRegistry } from '#platform/event-store';
import { catchUp } from '#platform/projector';
import { streams } from '#schemas/events';
import { type SyntheticShape, syntheticFilings } from './synthetic-filings.ts';

const { values } = parseArgs({
  options: {
    db: { type: 'string' },
    url: { type: 'string' },
    dir: { type: 'string' },
    companies: { type: 'string' },
    quarters: { type: 'string' },
    facts: { type: 'string' },
    'append-batch': { type: 'string', default: '100' },
    writers: { type: 'string', default: '1' },
    'projection-batch': { type: 'string', default: '500' },
  },
});
const shape: SyntheticShape = {
  companies: Number(values.companies),
  quarters: Number(values.quarters),
  factsPerFiling: Number(values.facts),
  revisionRate: 0.02,
};
const appendBatch = Number(values['append-batch']);
const writers = Number(values.writers);

async function open(): Promise<Database> {
  if (values.db === 'postgres') return openPgPool(values.url ?? '', { max: writers + 2 });
  return openPglite(values.dir);
}

/** Appends every filing, `appendBatch` filings (streams) per transaction, `writers` at once. */
async function appendAll(db: Database): Promise<{ events: number; facts: number; seconds: number }> {
  const source = syntheticFilings(shape);
  let events = 0;
  let facts = 0;
  const started = performance.now();
  const writer = async () => {
    for (;;) {
      const batch = [];
      for (let next = source.next(); !next.done; next = batch.length < appendBatch ? source.next() : { done: true, value: undefined }) {
        batch.push(next.value);
        if (batch.length >= appendBatch) break;
      }
      if (batch.length === 0) return;
      const prepared = batch.map((event) => ({ event, rows: prepareEvents(domainEventRegistry, [event]) }));
      await db.transaction(async (tx) => {
        for (const { event, rows } of prepared) await appendPrepared(tx, streams.filing(event.data.filingId), rows, 'any');
      });
      events += batch.length;
      facts += batch.reduce((sum, event) => sum + event.data.facts.length, 0);
    }
  };
  await Promise.all(Array.from({ length: writers }, writer));
  return { events, facts, seconds: (performance.now() - started) / 1000 };
}

const engineOf = async (db: Database) => {
  const { rows } = await db.query<{ version: string }>('select version()');
  return (rows[0]?.version ?? '?').split(' on ')[0] ?? '?';
};
const log = (message: string) => process.stderr.write(`[${values.db}] ${message}\n`);
const db = await open();
await migrate(db);
const engine = await engineOf(db);
log(`appending ${shape.companies} companies x ${shape.quarters} quarters x ${shape.factsPerFiling} facts`);
const append = await appendAll(db);
log(`appended ${append.events} events in ${append.seconds.toFixed(1)} s; projecting`);

const store = createDomainEventStore(db);
const projectionStarted = performance.now();
const cpuBefore = process.cpuUsage();
const counts = await catchUp(db, store, [factsProjection], { batchSize: Number(values['projection-batch']) });
const projectionSeconds = (performance.now() - projectionStarted) / 1000;
const cpu = process.cpuUsage(cpuBefore);
const projectionCpuSeconds = (cpu.user + cpu.system) / 1e6;
const { rows } = await db.query<{ n: number }>(`select count(*)::int8 as n from ${FACTS}`);
await store.close();
await db.close();

process.stdout.write(
  `${JSON.stringify({
    db: values.db,
    engine,
    shape,
    appendBatch,
    writers,
    projectionBatch: Number(values['projection-batch']),
    append,
    projection: { events: counts.facts ?? 0, facts: rows[0]?.n ?? 0, seconds: projectionSeconds, cpuSeconds: projectionCpuSeconds },
    peakRssMb: Math.round(process.resourceUsage().maxRSS / 1024),
  })}\n`,
);
