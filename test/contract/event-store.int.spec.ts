import { KurrentDBClient } from '@kurrent/kurrentdb-client';
import { describe, inject } from 'vitest';
import { describeEachDatabase, pgliteThread } from '../support/databases.ts';
import { inMemoryStore, kurrentStore, postgresStore } from '../support/event-store-fixtures.ts';
import { createKurrentStandIn } from '../support/kurrentdb-stand-in.ts';
import { describeEventStoreContract } from './event-store.contract.ts';
import { describeMultiStreamAppendContract, describePostgresStorageContract } from './postgres-event-store.contract.ts';

describe('event store contract [in-memory]', () => describeEventStoreContract(inMemoryStore));
describeEachDatabase('event store contract', (database) => describeEventStoreContract(postgresStore(database)));
describeEachDatabase('event store: PostgreSQL rows as stored', describePostgresStorageContract);
describeEachDatabase('event store: appending to many streams at once', describeMultiStreamAppendContract);
// The service's own way of opening PGlite: every statement and transaction sent to its thread.
describe('event store contract [pglite in its own thread]', () => describeEventStoreContract(postgresStore(pgliteThread)));

// The run's KurrentDB server (test/support/kurrentdb-server.ts), or the reason there is none, named in the skipped suite.
const kurrentdb = inject('kurrentdb');
if ('url' in kurrentdb)
  describe('event store contract [kurrentdb]', () =>
    describeEventStoreContract(kurrentStore('kurrentdb', () => KurrentDBClient.connectionString(kurrentdb.url))));
else describe.skip(`event store contract [kurrentdb: skipped, ${kurrentdb.skipped}]`, () => describeEventStoreContract(inMemoryStore));

// The adapter's own logic (append decisions, retries, $all paging, tokens) over an in-memory stand-in of the client: no evidence about a server.
describe('event store contract [kurrentdb adapter on a stand-in client, not a server]', () =>
  describeEventStoreContract(kurrentStore('kurrentdb stand-in', createKurrentStandIn)));
