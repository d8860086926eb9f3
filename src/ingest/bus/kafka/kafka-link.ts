/** A record as the bus writes it: keyed (the partition), a JSON value, string headers. */
export interface KafkaRecord {
  readonly key: string;
  readonly value: string;
  readonly headers?: Readonly<Record<string, string>>;
}

/** A record as a consumer reads it back. */
export interface ConsumedRecord extends KafkaRecord {
  readonly partition: number;
  /** Kafka's offsets are 64-bit: kept as decimal text. */
  readonly offset: string;
}

/** What a consumer may do while it handles one partition's batch. */
export interface BatchControls {
  /** Tells the group this consumer is alive, during work longer than its session timeout. */
  heartbeat(): Promise<void>;
  /** Commits, for the group, the offset of the next record to read on the batch's partition. */
  commit(nextOffset: string): Promise<void>;
  /** The partition was taken from this consumer (a rebalance) or it is stopping: what it has not committed is another's now. */
  isStale(): boolean;
}

export interface ConsumeOptions {
  readonly topic: string;
  readonly groupId: string;
  /** Partitions handled at once by this consumer. */
  readonly concurrency?: number;
  /** Called with one partition's records at a time, in offset order; nothing is committed but what it commits. */
  readonly onBatch: (records: readonly ConsumedRecord[], controls: BatchControls) => Promise<void>;
}

/**
 * The little of Kafka the bus needs: the seam between the bus's logic (keys, messages,
 * commit after append, retries, dead letters) and a client. `kafkajs-link.ts` is the one
 * over kafkajs; a maintained client (ADR 10) would be another of these, and nothing else.
 * A group that has committed nothing reads from the start of its topic.
 */
export interface KafkaLink {
  /** Creates the topics missing; `retentionMs` for topics whose records matter only for a while. */
  ensureTopics(topics: ReadonlyArray<{ topic: string; partitions: number; retentionMs?: number }>): Promise<void>;
  /** Writes records, acknowledged by every in-sync replica before it resolves. */
  send(topic: string, records: readonly KafkaRecord[]): Promise<void>;
  /** Joins `groupId` on `topic` until the returned stop. */
  consume(options: ConsumeOptions): Promise<{ stop(): Promise<void> }>;
  /** The records of `topic` the group has not committed yet, all partitions together. */
  lag(topic: string, groupId: string): Promise<number>;
  close(): Promise<void>;
}
