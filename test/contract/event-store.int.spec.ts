import { describe, inject } from 'vitest';
import { describeEachDatabase } from '../support/databases.ts';
import { inMemoryStore, kurrentStore, postgresStore } from '../support/event-store-fixtures.ts';
import { describeEventStoreContract } from './event-store.contract.ts';
import { describeMultiStreamAppendContract, describePostgresStorageContract } from './postgres-event-store.contract.ts';

describe('event store contract [in-memory]', () => describeEventStoreContract(inMemoryStore));
describeEachDatabase('event store contract', (database) => describeEventStoreContract(postgresStore(database)));
describeEachDatabase('event store: PostgreSQL rows as stored', describePostgresStorageContract);
describeEachDatabase('event store: appending to many streams at once', describeMultiStreamAppendContract);

// The run's KurrentDB server (test/support/kurrentdb-server.ts), or the reason there is none, named in the skipped suite.
const kurrentdb = inject('kurrentdb');
if ('url' in kurrentdb) describe('event store contract [kurrentdb]', () => describeEventStoreContract(kurrentStore(kurrentdb.url)));
else describe.skip(`event store contract [kurrentdb: skipped, ${kurrentdb.skipped}]`, () => describeEventStoreContract(inMemoryStore));
