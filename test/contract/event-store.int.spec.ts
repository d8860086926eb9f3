import { describeEachDatabase } from '../support/databases.ts';
import { describeEventStoreContract, describeMultiStreamAppendContract } from './event-store.contract.ts';

describeEachDatabase('event store contract', describeEventStoreContract);
describeEachDatabase('event store: appending to many streams at once', describeMultiStreamAppendContract);
