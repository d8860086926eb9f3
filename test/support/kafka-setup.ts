import type { TestProject } from 'vitest/node';

/** Where the run's Kafka is: brokers to use, or why there is none (its suites are then skipped with it). */
export type KafkaUnderTest = { readonly brokers: readonly string[] } | { readonly skipReason: string };

declare module 'vitest' {
  export interface ProvidedContext {
    kafka: KafkaUnderTest;
  }
}

// Pinned: a KRaft broker (no ZooKeeper), as docker-compose.yml runs.
const KAFKA_IMAGE = 'confluentinc/cp-kafka:7.7.1';

/** Whether a Docker engine answers; testcontainers is loaded only when one might. */
async function dockerReachable(): Promise<boolean> {
  try {
    const { getContainerRuntimeClient } = await import('testcontainers');
    await getContainerRuntimeClient();
    return true;
  } catch {
    return false;
  }
}

/**
 * Vitest global setup: the brokers of KAFKA_BROKERS, else one Kafka container for the whole
 * run when a Docker engine is reachable (stopped at the end), else the reason the Kafka
 * suites are skipped.
 */
export default async function setup(project: TestProject): Promise<(() => Promise<void>) | undefined> {
  const listed =
    process.env.KAFKA_BROKERS?.split(',')
      .map((b) => b.trim())
      .filter(Boolean) ?? [];
  if (listed.length > 0) {
    project.provide('kafka', { brokers: listed });
    return undefined;
  }
  if (!(await dockerReachable())) {
    const skipReason = 'KAFKA_BROKERS is not set and no Docker engine is reachable';
    project.provide('kafka', { skipReason });
    // Said once in the run's output too, whatever the reporter: a skipped suite is never taken for a passed one.
    console.warn(`Kafka suites (ingest bus contract [kafka]) are skipped in this run: ${skipReason}`);
    return undefined;
  }
  const { KafkaContainer } = await import('@testcontainers/kafka');
  const container = await new KafkaContainer(KAFKA_IMAGE).withKraft().start();
  project.provide('kafka', { brokers: [`${container.getHost()}:${container.getMappedPort(9093)}`] });
  return async () => {
    await container.stop();
  };
}
