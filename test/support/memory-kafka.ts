import type { BatchControls, ConsumedRecord, ConsumeOptions, KafkaLink, KafkaRecord } from '#ingest/bus/kafka/kafka-link';

interface Member {
  readonly options: ConsumeOptions;
  /** Partitions the member owns now; positions it reached (uncommitted progress is its own). */
  readonly owned: Set<number>;
  readonly positions: Map<number, number>;
  stopped: boolean;
}

interface Group {
  readonly committed: Map<string, number>;
  readonly members: Member[];
}

/** What happened on the broker, in order: sends (per topic) and commits, for ordering assertions. */
export type BrokerOp =
  | { readonly op: 'send'; readonly topic: string; readonly count: number }
  | { readonly op: 'commit'; readonly topic: string; readonly partition: number; readonly offset: number };

/** A string's partition: any stable hash will do (Kafka's is murmur2). */
const partitionOf = (key: string, partitions: number) => {
  let hash = 0;
  for (const char of key) hash = (hash * 31 + char.charCodeAt(0)) | 0;
  return Math.abs(hash) % partitions;
};

/**
 * A Kafka broker in memory, with what the bus relies on: partitions by key, consumer groups
 * whose members share the partitions (reassigned when one joins or leaves), offsets
 * committed per group, and a member that leaves without committing leaving its records to
 * the next owner. Links from one broker are like processes on one cluster.
 */
export function createMemoryKafka() {
  const topics = new Map<string, ConsumedRecord[][]>();
  const groups = new Map<string, Group>();
  const ops: BrokerOp[] = [];

  const groupOf = (groupId: string) => {
    let group = groups.get(groupId);
    if (!group) groups.set(groupId, (group = { committed: new Map(), members: [] }));
    return group;
  };
  const partitionsOf = (topic: string) => {
    const found = topics.get(topic);
    if (!found) throw new Error(`no topic ${topic}`);
    return found;
  };
  /** Round robin of each topic's partitions over the group's live members. */
  const rebalance = (group: Group) => {
    for (const member of group.members) member.owned.clear();
    const byTopic = new Map<string, Member[]>();
    for (const m of group.members) byTopic.set(m.options.topic, [...(byTopic.get(m.options.topic) ?? []), m]);
    for (const [topic, members] of byTopic)
      partitionsOf(topic).forEach((_, p) => {
        const member = members[p % members.length];
        member?.owned.add(p);
        member?.positions.delete(p);
      });
  };

  async function runMember(group: Group, member: Member) {
    const { topic } = member.options;
    while (!member.stopped) {
      let worked = false;
      const partitions = partitionsOf(topic);
      for (const p of [...member.owned]) {
        const position = member.positions.get(p) ?? group.committed.get(`${topic}/${p}`) ?? 0;
        const records = (partitions[p] ?? []).slice(position, position + 50);
        if (records.length === 0) continue;
        worked = true;
        const controls: BatchControls = {
          heartbeat: () => Promise.resolve(),
          isStale: () => member.stopped || !member.owned.has(p),
          commit(nextOffset) {
            // Kafka takes a commit from a member that lost the partition, as kafkajs sends it (ADR 10).
            group.committed.set(`${topic}/${p}`, Number(nextOffset));
            ops.push({ op: 'commit', topic, partition: p, offset: Number(nextOffset) });
            if (member.owned.has(p)) member.positions.set(p, Number(nextOffset));
            return Promise.resolve();
          },
        };
        await member.options.onBatch(records, controls);
      }
      // A macrotask between fetches, as a network round trip is: a member that commits
      // nothing fetches the same records again, and must not starve timers meanwhile.
      await new Promise((resolve) => setTimeout(resolve, worked ? 0 : 5));
    }
  }

  return {
    ops,
    /** The records on a topic, all partitions, in partition then offset order. */
    records: (topic: string): ConsumedRecord[] => (topics.get(topic) ?? []).flat(),
    partitionOf: (topic: string, key: string) => partitionOf(key, partitionsOf(topic).length),
    link(): KafkaLink {
      const mine: Array<{ stop(): Promise<void> }> = [];
      return {
        ensureTopics(wanted) {
          for (const { topic, partitions } of wanted)
            if (!topics.has(topic))
              topics.set(
                topic,
                Array.from({ length: partitions }, () => []),
              );
          return Promise.resolve();
        },
        send(topic, records: readonly KafkaRecord[]) {
          const partitions = partitionsOf(topic);
          for (const record of records) {
            const partition = partitions[partitionOf(record.key, partitions.length)];
            partition?.push({ ...record, partition: partitions.indexOf(partition), offset: String(partition.length) });
          }
          ops.push({ op: 'send', topic, count: records.length });
          return Promise.resolve();
        },
        consume(options) {
          const group = groupOf(options.groupId);
          const member: Member = { options, owned: new Set(), positions: new Map(), stopped: false };
          group.members.push(member);
          rebalance(group);
          // One loop a member, whatever its concurrency: partitions are handled one after another.
          const loop = runMember(group, member);
          const consumer = {
            async stop() {
              if (member.stopped) return;
              member.stopped = true;
              await loop;
              group.members.splice(group.members.indexOf(member), 1);
              rebalance(group);
            },
          };
          mine.push(consumer);
          return Promise.resolve(consumer);
        },
        lag(topic, groupId) {
          const committed = groupOf(groupId).committed;
          return Promise.resolve(
            partitionsOf(topic).reduce((sum, records, p) => sum + records.length - (committed.get(`${topic}/${p}`) ?? 0), 0),
          );
        },
        async close() {
          for (const consumer of mine.splice(0)) await consumer.stop();
        },
      };
    },
  };
}
export type MemoryKafka = ReturnType<typeof createMemoryKafka>;
