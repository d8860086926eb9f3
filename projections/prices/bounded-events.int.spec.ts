import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DomainEvent } from '#schemas/events/catalogue';
import type { PricesRecorded } from '#schemas/events/prices';
import { streamFor } from '#schemas/events/streams';
import type { Database } from '#platform/db/db';
import { prepareEvents } from '#platform/event-store/append-to-stream';
import { appendToStreams } from '#platform/event-store/append-to-streams';
import { createDomainEventStore, domainEventRegistry } from '#platform/event-store/domain-event-store';
import type { NewEvent, StoredEvent } from '#platform/event-store/event-store';
import { catchUp } from '#platform/projector/catch-up';
import type { Projection } from '#platform/projector/projection';
import { describeEachDatabase } from '../../test/support/databases.ts';
import { insertAsStored } from '../../test/support/event-store-fixtures.ts';
import { PRICES_V1_FIXTURES, parseAgain, pricesV1Fixture } from '../../test/support/prices-v1-fixture.ts';
import { settled } from '../../test/support/settled.ts';
import { PRICE_EVENTS_PER_TRANSACTION, pricesProjection } from './projection.ts';
import { CANDLES, DAILY_FROM_BARS, LATEST_CANDLES, QUOTES } from './tables.ts';

/** Every row of every table of the projection, in key order. */
async function rowsOf(db: Database): Promise<Record<string, unknown[]>> {
  const order: Record<string, string> = {
    [CANDLES]: 'exchange, ticker, interval, start, series',
    [LATEST_CANDLES]: 'exchange, ticker, interval, series',
    [QUOTES]: 'exchange, ticker, at, series',
    [DAILY_FROM_BARS]: 'exchange, ticker, start, series',
  };
  const out: Record<string, unknown[]> = {};
  for (const [table, by] of Object.entries(order)) out[table] = (await db.query(`select * from ${table} order by ${by}`)).rows;
  return out;
}

const candlesIn = (events: readonly StoredEvent<DomainEvent>[]) =>
  events.reduce((n, e) => n + (e.type === 'PricesRecorded' ? e.data.candles.length : 0), 0);

/** Appends events as ingestion appends a document's: validated, every stream in one transaction. */
async function appendAsIngestion(db: Database, events: readonly NewEvent<DomainEvent>[]): Promise<void> {
  const streams = new Map<string, NewEvent<DomainEvent>[]>();
  for (const event of events) streams.set(streamFor(event), [...(streams.get(streamFor(event)) ?? []), event]);
  const appends = [...streams].map(([streamId, list]) => ({ streamId, events: prepareEvents(domainEventRegistry, list) }));
  await db.transaction((tx) => appendToStreams(tx, appends));
}

/** Projects the store's price events, keeping what each transaction of the projection held. */
async function project(db: Database): Promise<StoredEvent<DomainEvent>[][]> {
  const batches: StoredEvent<DomainEvent>[][] = [];
  const watched: Projection = {
    ...pricesProjection,
    evolve(tx, events, prepared) {
      batches.push([...events]);
      return pricesProjection.evolve(tx, events, prepared);
    },
  };
  await settled(db);
  await catchUp(db, createDomainEventStore(db), [watched]);
  return batches;
}

// A store an older release wrote (schema version 1: one event per interval for the whole file) and a store written
// today (schema version 2: the same file in parts of at most 500 candles), the same bytes parsed with the same input.
describeEachDatabase('prices from version-1 whole-file events and from version-2 parts of the same file', (database) => {
  for (const name of PRICES_V1_FIXTURES) {
    describe(name, () => {
      const fixture = pricesV1Fixture(name);
      const parts = parseAgain(fixture).events.filter(
        (e): e is NewEvent<DomainEvent> & { data: PricesRecorded } => e.type === 'PricesRecorded',
      );
      let older: Database;
      let today: Database;
      let recordedAt: string;
      let olderBatches: StoredEvent<DomainEvent>[][];
      let todayBatches: StoredEvent<DomainEvent>[][];

      beforeAll(async () => {
        [older, today] = await Promise.all([database.open(), database.open()]);
        // Today's events appended as ingestion appends them (validated as version 2), one stream per interval.
        await appendAsIngestion(today, parts);
        const { rows } = await today.query<{ recorded_at: Date }>('select distinct recorded_at from es_events');
        expect(rows).toHaveLength(1);
        recordedAt = (rows[0] as { recorded_at: Date }).recorded_at.toISOString();
        // The older store's rows as that release wrote them, recorded at the same instant so that every column can match.
        for (const event of fixture.events) {
          await insertAsStored(older, streamFor({ ...event, type: 'PricesRecorded', data: { ...event.data, part: 1, parts: 1 } }), [
            { ...event, recordedAt },
          ]);
        }
        [olderBatches, todayBatches] = [await project(older), await project(today)];
      });
      afterAll(async () => {
        await older?.close();
        await today?.close();
      });

      it('holds a version-1 event of more candles than a part, and the same file in parts of at most 500', async () => {
        const { rows } = await older.query<{ schema_version: number; n: number }>(
          `select schema_version, jsonb_array_length(data->'candles') as n from es_events order by global_position`,
        );
        expect(rows).toEqual(fixture.events.map((e) => ({ schema_version: 1, n: e.data.candles.length })));
        expect(Math.max(...rows.map((row) => row.n))).toBeGreaterThan(500);
        expect(parts.length).toBeGreaterThan(fixture.events.length);
        expect(parts.every((e) => e.data.candles.length <= 500)).toBe(true);
      });

      it('projects to exactly the same rows', async () => {
        const [before, now] = [await rowsOf(older), await rowsOf(today)];
        expect(now[CANDLES]?.length).toBe(fixture.events.reduce((n, e) => n + e.data.candles.length, 0));
        expect(now).toEqual(before);
      });

      it('projects the parts one a transaction on PGlite, so at most 500 candles, and at most 20 on a server', () => {
        const perTransaction = today.kind === 'pglite' ? 1 : 20;
        expect(PRICE_EVENTS_PER_TRANSACTION[today.kind]).toBe(perTransaction);
        expect(todayBatches.flat()).toHaveLength(parts.length);
        expect(todayBatches).toHaveLength(Math.ceil(parts.length / perTransaction));
        expect(Math.max(...todayBatches.map(candlesIn))).toBeLessThanOrEqual(500 * perTransaction);
        // The older store's whole-file events, upcast, are projected too, whatever their size.
        expect(olderBatches.flat().map((e) => e.type === 'PricesRecorded' && [e.schemaVersion, e.data.part, e.data.parts])).toEqual(
          fixture.events.map(() => [2, 1, 1]),
        );
      });

      it('keeps the rows when the older store also gets the parts (the file parsed again): only recorded_at moves', async () => {
        const before = await rowsOf(older);
        await appendAsIngestion(older, parts);
        // An interval in one part has its version-1 id, so only the intervals cut in parts are appended again.
        const { rows } = await older.query<{ interval: string; recorded_at: Date }>(
          `select distinct data->>'interval' as interval, recorded_at from es_events where schema_version = 2`,
        );
        const cut = new Set<string>(parts.filter((e) => e.data.parts > 1).map((e) => e.data.interval));
        expect(new Set(rows.map((row) => row.interval))).toEqual(cut);
        const reparsed = rows[0]?.recorded_at;
        await project(older);
        // A row's version is replaced by the same version from the parts: the same row, recorded when they were.
        const moved = (table: string, row: { interval: string }) => cut.has(table === DAILY_FROM_BARS ? '5m' : row.interval);
        const expected = Object.fromEntries(
          Object.entries(before).map(([table, list]) => [
            table,
            (list as { interval: string }[]).map((row) => (moved(table, row) ? { ...row, recorded_at: reparsed } : row)),
          ]),
        );
        expect(await rowsOf(older)).toEqual(expected);
      });
    });
  }
});
