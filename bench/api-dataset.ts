/**
 * The 2,000-company dataset of bench:api on a PostgreSQL database: synthetic companies
 * (symbols BENCH0000…), their filings as in bench:ingest, projected, and one API key.
 */
import { PROJECTIONS } from '#projections';
import { randomUUID } from 'node:crypto';
import { type DomainEvent, streamFor } from '#schemas/events';
import { createKey } from '#serve/access';
import { type Database, migrate } from '#platform/db';
import { appendPrepared, prepareEvents, createDomainEventStore, domainEventRegistry, type NewEvent } from '#platform/event-store';
import { catchUp } from '#platform/projector';
import { syntheticCompanyId, syntheticIsin, type SyntheticShape, syntheticFilings } from './synthetic-filings.ts';

export const benchSymbol = (c: number) => `BENCH${String(c).padStart(4, '0')}`;

/** The command-line options (`parseArgs`) that size the dataset, with its defaults. */
export const DATASET_OPTIONS = {
  companies: { type: 'string', default: '2000' },
  quarters: { type: 'string', default: '40' },
  facts: { type: 'string', default: '60' },
} as const;

/** The dataset's shape from those options. */
export const datasetShape = (values: { companies: string; quarters: string; facts: string }): SyntheticShape => ({
  companies: Number(values.companies),
  quarters: Number(values.quarters),
  factsPerFiling: Number(values.facts),
  revisionRate: 0.02,
  annual: true,
});

function registration(c: number): NewEvent<DomainEvent> {
  return {
    id: randomUUID(),
    type: 'CompanyRegistered',
    data: {
      companyId: syntheticCompanyId(c),
      name: `Synthetic Company ${c} Limited`,
      cin: null,
      isin: syntheticIsin(c),
      nseSymbol: benchSymbol(c) as never,
      bseCode: null,
      sector: null,
      industry: null,
      listingStatus: 'listed',
      listingDate: null,
    },
    metadata: { knownAt: '2014-01-01T00:00:00.000Z', source: 'synthetic', sourceUrl: null, sourceFile: null, sourceSha256: null },
  };
}

async function appendInBatches(db: Database, events: Iterable<NewEvent<DomainEvent>>, writers: number, batchSize = 100): Promise<number> {
  const source = events[Symbol.iterator]();
  let appended = 0;
  const writer = async () => {
    for (;;) {
      const batch: NewEvent<DomainEvent>[] = [];
      for (let next = source.next(); !next.done; next = source.next()) {
        batch.push(next.value);
        if (batch.length >= batchSize) break;
      }
      if (batch.length === 0) return;
      const prepared = batch.map((event) => ({ event, rows: prepareEvents(domainEventRegistry, [event]) }));
      await db.transaction(async (tx) => {
        for (const { event, rows } of prepared) await appendPrepared(tx, streamFor(event), rows, 'any');
      });
      appended += batch.length;
    }
  };
  await Promise.all(Array.from({ length: writers }, writer));
  return appended;
}

/** Builds the dataset on a migrated database; returns an API key with the read scope. */
export async function buildApiDataset(db: Database, shape: SyntheticShape, log: (message: string) => void): Promise<string> {
  await migrate(db);
  const companies = Array.from({ length: shape.companies }, (_, c) => registration(c));
  await appendInBatches(db, companies, 1);
  log(`registered ${shape.companies} companies; appending filings`);
  const filings = await appendInBatches(db, syntheticFilings(shape), 4);
  log(`appended ${filings} filings; projecting`);
  const store = createDomainEventStore(db);
  await catchUp(db, store, PROJECTIONS, { batchSize: 500 });
  await store.close();
  await db.query('analyze');
  const { key } = await createKey(db, { workspace: { name: 'bench' }, name: 'bench:api', scopes: ['read'] });
  return key;
}
