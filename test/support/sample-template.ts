import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { PROJECTIONS } from '#projections';
import { parserRegistry } from '#ingest/formats/all-parsers/all-parsers';
import { ingestInputs } from '#ingest/pipeline/ingest-inputs';
import { readInputs } from '#ingest/sources/read-inputs';
import { BUNDLED_SAMPLE_DIR } from '#platform/config/config';
import type { Database } from '#platform/db/db';
import { migrate } from '#platform/db/migrate';
import { openPgPool } from '#platform/db-engines/pg-pool';
import { openPglite } from '#platform/pglite/pglite';
import { createDomainEventStore } from '#platform/event-store/domain-event-store';
import { catchUp } from '#platform/projector/catch-up';
import { contextProvidersFor } from '#runtime/context-providers';
import { type Ingestion, startIngestion } from '#runtime/ingestion';
import { settled } from './settled.ts';

/**
 * The bundled sample, ingested through the real parsers and worker and projected once per
 * test run, for every suite that starts from it: a PGlite data folder each suite copies, and
 * a database on the test server each suite clones (`create database ... template`). What a
 * suite gets equals what ingesting the sample itself would give it, at a fraction of the
 * cost: the sample took 20–60 s per suite and database under the full run's load.
 */
export interface SampleTemplate {
  /** A closed PGlite data folder holding the sample. */
  readonly pgliteDir: string;
  /** The template database on TEST_DATABASE_URL's server, when one is set. */
  readonly postgresName?: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    sampleTemplate: SampleTemplate;
  }
}

/** The bundled sample through a running ingestion (its worker started), every file taken. */
export async function ingestBundledSample(ingestion: Ingestion): Promise<void> {
  const { files } = await readInputs([BUNDLED_SAMPLE_DIR]);
  const summary = await ingestInputs(ingestion.deps, files, { pollMs: 100 });
  if (summary.rejected > 0 || summary.failed > 0) throw new Error(`the sample did not ingest cleanly: ${JSON.stringify(summary)}`);
}

async function ingestSample(db: Database): Promise<void> {
  await migrate(db);
  const store = createDomainEventStore(db);
  await catchUp(db, store, PROJECTIONS);
  const ingestion = await startIngestion(db, store, parserRegistry, {
    contextProviders: contextProvidersFor(db),
    onError: () => undefined,
  });
  try {
    await ingestion.startWorker();
    await ingestBundledSample(ingestion);
    await settled(db);
    await catchUp(db, store, PROJECTIONS);
  } finally {
    await ingestion.stop();
    await store.close();
  }
}

async function buildPglite(): Promise<{ dir: string; drop(): Promise<void> }> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'imd-sample-pglite-'));
  const db = await openPglite(dir);
  try {
    await ingestSample(db);
  } finally {
    await db.close();
  }
  return { dir, drop: () => rm(dir, { recursive: true, force: true }) };
}

async function adminQuery(url: string, text: string): Promise<void> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(text);
  } finally {
    await admin.end();
  }
}

async function buildPostgres(url: string): Promise<{ name: string; drop(): Promise<void> }> {
  const name = `imd_sample_${randomBytes(6).toString('hex')}`;
  await adminQuery(url, `create database ${name}`);
  const drop = () => adminQuery(url, `drop database if exists ${name} with (force)`);
  try {
    const databaseUrl = new URL(url);
    databaseUrl.pathname = `/${name}`;
    const db = await openPgPool(databaseUrl.toString(), { max: 10 });
    try {
      await ingestSample(db);
    } finally {
      await db.close();
    }
  } catch (error) {
    await drop();
    throw error;
  }
  return { name, drop };
}

interface Built {
  readonly template: SampleTemplate;
  users: number;
  drop(): Promise<void>;
}

// The int and e2e projects each run this setup in the one main process; they share one build.
const shared = globalThis as { imdSampleTemplate?: Promise<Built> };

async function build(): Promise<Built> {
  const url = process.env.TEST_DATABASE_URL || undefined;
  const [pglite, postgres] = await Promise.all([buildPglite(), url ? buildPostgres(url) : undefined]);
  return {
    template: { pgliteDir: pglite.dir, ...(postgres ? { postgresName: postgres.name } : {}) },
    users: 0,
    drop: async () => {
      await pglite.drop();
      await postgres?.drop();
    },
  };
}

/** Vitest global setup: builds the sample once and provides where it is; the last teardown drops it. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  shared.imdSampleTemplate ??= build();
  const built = await shared.imdSampleTemplate;
  built.users += 1;
  project.provide('sampleTemplate', built.template);
  return async () => {
    built.users -= 1;
    if (built.users > 0) return;
    delete shared.imdSampleTemplate;
    await built.drop();
  };
}
