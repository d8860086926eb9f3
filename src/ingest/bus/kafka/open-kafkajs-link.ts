import type { KafkaLink } from './kafka-link.ts';

/**
 * A link to the Kafka brokers through kafkajs, whose code is loaded only by this call: a
 * process on the default bus (npm start among them) never holds it (bench:embedded).
 */
export const openKafkajsLink = async (brokers: readonly string[]): Promise<KafkaLink> =>
  (await import('./kafkajs-link.ts')).createKafkajsLink(brokers);
