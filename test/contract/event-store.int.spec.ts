import { describe } from 'vitest';
import { describeEachDatabase } from '../support/databases.ts';
import { inMemoryStore, postgresStore } from '../support/event-store-fixtures.ts';
import { describeEventStoreContract } from './event-store.contract.ts';
import { describeMultiStreamAppendContract, describePostgresStorageContract } from './postgres-event-store.contract.ts';

describe('event store contract [in-memory]', () => describeEventStoreContract(inMemoryStore));
describeEachDatabase('event store contract', (database) => describeEventStoreContract(postgresStore(database)));
describeEachDatabase('event store: PostgreSQL rows as stored', describePostgresStorageContract);
describeEachDatabase('event store: appending to many streams at once', describeMultiStreamAppendContract);
