import { expect, it } from 'vitest';
import { companiesProjection } from '#projections/companies/projection';
import { COMPANIES } from '#projections/companies/tables';
import type { DomainEvent } from '#schemas/events/catalogue';
import { streamFor } from '#schemas/events/streams';
import { annualPeriod, givenCompanyRegistered, givenFact, givenFinancialsReported } from '../../test/support/builders.ts';
import { describeEachDatabase, describePostgres, suiteDatabase, type TestDatabase } from '../../test/support/databases.ts';
import { insertAsStored } from '../../test/support/event-store-fixtures.ts';
import { createKurrentStandIn } from '../../test/support/kurrentdb-stand-in.ts';
import { pricesV1Fixture } from '../../test/support/prices-v1-fixture.ts';
import type { Database } from '#platform/db/db';
import { settled } from '../../test/support/settled.ts';
import { prepareEvents } from '#platform/event-store/append-to-stream';
import { appendToStreams } from '#platform/event-store/append-to-streams';
import { createDomainEventStore, domainEventRegistry } from '#platform/event-store/domain-event-store';
import { type EventStore, START } from '#platform/event-store/event-store';
import { InMemoryEventStore } from '#platform/event-store/in-memory-event-store';
import { KurrentEventStore } from '#platform/event-store/kurrentdb/kurrentdb-event-store';
import { catchUp } from '#platform/projector/catch-up';
import { createForwardingEventStore } from '#runtime/forwarding-event-store';

const everything = async (store: EventStore<DomainEvent>) => (await store.readAll({ after: START, limit: 10_000 })).events;

type Target = (db: Database) => EventStore<DomainEvent>;
const inMemory: Target = () => new InMemoryEventStore<DomainEvent>(domainEventRegistry);
// Claims event ids on a second connection while the forwarding batch holds its transaction: a server only.
const kurrentStandIn: Target = (db) => new KurrentEventStore<DomainEvent>(createKurrentStandIn(), db, domainEventRegistry);

function describeForwarding(database: TestDatabase, createTarget: Target): void {
  const db = suiteDatabase(database);

  it('forwards in commit order, once, and the projections read the other store', async () => {
    const outbox = createDomainEventStore(db());
    const target = createTarget(db());
    const store = createForwardingEventStore(db(), outbox, target);
    const company = givenCompanyRegistered();
    const filing = givenFinancialsReported({
      companyId: company.data.companyId,
      knownAt: '2024-05-12T12:00:00.000Z',
      facts: [givenFact('Revenue', '10', annualPeriod(2024))],
    });
    // As ingestion appends: many streams in one PostgreSQL transaction, bypassing the port.
    await db().transaction((tx) =>
      appendToStreams(
        tx,
        [company, filing].map((event) => ({ streamId: streamFor(event), events: prepareEvents(domainEventRegistry, [event]) })),
      ),
    );
    const restated = givenFinancialsReported({
      companyId: company.data.companyId,
      knownAt: '2024-06-12T12:00:00.000Z',
      facts: [givenFact('Revenue', '11', annualPeriod(2024))],
    });
    await store.appendToStream(streamFor(restated), [restated]);
    await settled(db());

    const forwarded = await everything(store);
    const committed = await everything(outbox);
    expect(committed).toHaveLength(3);
    expect(forwarded.map((e) => [e.id, e.streamId, e.streamVersion, e.type])).toEqual(
      committed.map((e) => [e.id, e.streamId, e.streamVersion, e.type]),
    );
    expect(forwarded.map((e) => e.data)).toEqual(committed.map((e) => e.data));

    // A forwarder that crashed before its checkpoint moved forwards again: nothing is added twice.
    await db().query(`update es_checkpoints set checkpoint = 'start' where projection = 'forward_events'`);
    await everything(store);
    expect(await everything(target)).toHaveLength(3);

    await catchUp(db(), store, [companiesProjection]);
    const { rows } = await db().query<{ name: string }>(`select name from ${COMPANIES} where company_id = $1`, [company.data.companyId]);
    expect(rows.map((row) => row.name)).toEqual(['Test Company Ltd']);
    await store.close();
  });

  it('forwards a version-1 price event of a whole file, more candles than a part, as version 2', async () => {
    const [v1] = pricesV1Fixture('RELIANCE-daily').events;
    if (!v1) throw new Error('the fixture holds no event');
    const streamId = `prices-NSE-1d-${v1.metadata.sourceSha256}`;
    await insertAsStored(db(), streamId, [v1]);
    await settled(db());
    const target = createTarget(db());
    const store = createForwardingEventStore(db(), createDomainEventStore(db()), target);
    const forwarded = (await everything(store)).find((e) => e.id === v1.id);
    expect(forwarded).toMatchObject({ streamId, schemaVersion: 2, data: { ...v1.data, part: 1, parts: 1 } });
    expect(forwarded?.type === 'PricesRecorded' && forwarded.data.candles).toHaveLength(5017);
    await store.close();
  });
}

describeEachDatabase('events forwarded from the PostgreSQL outbox to the in-memory store', (database) =>
  describeForwarding(database, inMemory),
);
describePostgres('events forwarded from the PostgreSQL outbox to the KurrentDB adapter on a stand-in client', (database) =>
  describeForwarding(database, kurrentStandIn),
);
