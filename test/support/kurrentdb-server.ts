import { existsSync } from 'node:fs';
import type { TestProject } from 'vitest/node';

/** The KurrentDB server of a run, or why there is none. */
export type KurrentServer = { readonly url: string } | { readonly skipped: string };

declare module 'vitest' {
  export interface ProvidedContext {
    kurrentdb: KurrentServer;
  }
}

// The testcontainers module's default image; KURRENTDB_IMAGE picks another.
const IMAGE = process.env.KURRENTDB_IMAGE || 'docker.io/kurrentplatform/kurrentdb:25.0';

/** A Docker engine this process could reach: a DOCKER_HOST, or the usual socket. */
const dockerConfigured = () => Boolean(process.env.DOCKER_HOST) || existsSync('/var/run/docker.sock');

async function startContainer(): Promise<{ url: string; stop(): Promise<void> }> {
  const { GenericContainer, Wait } = await import('testcontainers');
  const container = await new GenericContainer(IMAGE)
    .withExposedPorts(2113)
    .withEnvironment({ KURRENTDB_CLUSTER_SIZE: '1', KURRENTDB_RUN_PROJECTIONS: 'None', KURRENTDB_INSECURE: 'true' })
    .withWaitStrategy(Wait.forHealthCheck())
    .withStartupTimeout(120_000)
    .start();
  return {
    url: `kurrentdb://${container.getHost()}:${container.getMappedPort(2113)}?tls=false`,
    stop: async () => void (await container.stop()),
  };
}

const shared = globalThis as { imdKurrentServer?: Promise<{ server: KurrentServer; users: number; stop(): Promise<void> }> };

async function find(): Promise<{ server: KurrentServer; users: number; stop(): Promise<void> }> {
  const none = () => Promise.resolve();
  if (process.env.KURRENTDB_URL) return { server: { url: process.env.KURRENTDB_URL }, users: 0, stop: none };
  if (!dockerConfigured())
    return { server: { skipped: 'KURRENTDB_URL is not set and no Docker engine is reachable' }, users: 0, stop: none };
  try {
    const started = await startContainer();
    return { server: { url: started.url }, users: 0, stop: () => started.stop() };
  } catch (error) {
    const reason = error instanceof Error ? error.message.split('\n')[0] : String(error);
    return {
      server: { skipped: `KURRENTDB_URL is not set and no KurrentDB container could be started (${reason})` },
      users: 0,
      stop: none,
    };
  }
}

/**
 * Vitest global setup: the KurrentDB server of this run (KURRENTDB_URL, or one container
 * started through testcontainers when a Docker engine is reachable), or the reason there is
 * none, which the suites that need it carry in their names as they skip.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  shared.imdKurrentServer ??= find();
  const found = await shared.imdKurrentServer;
  found.users += 1;
  project.provide('kurrentdb', found.server);
  return async () => {
    found.users -= 1;
    if (found.users > 0) return;
    delete shared.imdKurrentServer;
    await found.stop();
  };
}
