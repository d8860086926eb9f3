import { describeEachDatabase } from '../support/databases.ts';
import { describeEventStoreContract } from './event-store.contract.ts';

describeEachDatabase('event store contract', describeEventStoreContract);
