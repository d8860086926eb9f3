import { randomBytes } from 'node:crypto';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, inject } from 'vitest';
import type { Database } from '#platform/db/db';
import { migrate } from '#platform/db/migrate';
import { openPgPool } from '#platform/db-engines/pg-pool';
import { openPglite } from '#platform/pglite/pglite';
import { openPgliteThread } from '#platform/db-engines/pglite-thread/client';
import type { SampleTemplate } from './sample-template.ts';

export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL || undefined;

/** A test database; `url` is set for a server, so other processes can connect to it. */
export type OpenedTestDatabase = Database & { readonly url?: string };

export interface TestDatabase {
  readonly name: 'pglite' | 'pglite-thread' | 'postgres';
  /**
   * The event store a harness on this database appends to and projects from: the database's
   * own (es_events), or an in-memory one, so that projections are shown to depend on the
   * event-store port only.
   */
  readonly eventStore?: 'in-memory';
  /** Opens a fresh, migrated, empty database; closing it drops it. */
  open(): Promise<OpenedTestDatabase>;
  /**
   * Opens a fresh database holding the bundled sample, ingested and projected: a copy of the
   * run's sample template (test/support/sample-template.ts); closing it drops it. Undefined
   * when this run built no template (a config without the global setup).
   */
  openSample(): Promise<OpenedTestDatabase | undefined>;
}

function withDatabaseName(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

/** The run's sample template, when its global setup ran. */
const sampleTemplate = () => inject('sampleTemplate') as SampleTemplate | undefined;

/**
 * A new database on the test server, so spec files never see each other's rows; a copy of
 * `template` when one is named.
 */
async function openFreshPostgres(url: string, template?: string): Promise<OpenedTestDatabase> {
  const name = `imd_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(template ? `create database ${name} template ${template}` : `create database ${name}`);
  } finally {
    await admin.end();
  }
  const databaseUrl = withDatabaseName(url, name);
  const db = await openPgPool(databaseUrl, { max: 20 });
  return {
    ...db,
    url: databaseUrl,
    async close() {
      await db.close();
      const cleanup = new pg.Client({ connectionString: url });
      await cleanup.connect();
      try {
        await cleanup.query(`drop database if exists ${name} with (force)`);
      } finally {
        await cleanup.end();
      }
    },
  };
}

async function migrated(open: () => Promise<OpenedTestDatabase>): Promise<OpenedTestDatabase> {
  const db = await open();
  await migrate(db);
  return db;
}

/** A PGlite database in a copy of the template's data folder, removed when it closes. */
async function openPgliteCopy(templateDir: string): Promise<OpenedTestDatabase> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'imd-test-pglite-'));
  await cp(templateDir, dir, { recursive: true });
  const db = await openPglite(dir);
  return {
    ...db,
    async close() {
      await db.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

export const pglite: TestDatabase = {
  name: 'pglite',
  open: () => migrated(() => openPglite()),
  async openSample() {
    const template = sampleTemplate();
    return template ? openPgliteCopy(template.pgliteDir) : undefined;
  },
};

/** PGlite in a thread of its own, as the service opens it (src/platform/db-engines/open-database.ts); no sample. */
export const pgliteThread: TestDatabase = {
  name: 'pglite-thread',
  open: () => migrated(() => openPgliteThread()),
  openSample: () => Promise.resolve(undefined),
};

export const postgres: TestDatabase | undefined = TEST_DATABASE_URL
  ? {
      name: 'postgres',
      open: () => migrated(() => openFreshPostgres(TEST_DATABASE_URL)),
      async openSample() {
        const name = sampleTemplate()?.postgresName;
        return name ? openFreshPostgres(TEST_DATABASE_URL, name) : undefined;
      },
    }
  : undefined;

/** PGlite always; the PostgreSQL server when TEST_DATABASE_URL is set. */
export const TEST_DATABASES: readonly TestDatabase[] = postgres ? [pglite, postgres] : [pglite];

/** Runs the same suite once per available database. */
export function describeEachDatabase(name: string, suite: (database: TestDatabase) => void): void {
  for (const database of TEST_DATABASES) describe(`${name} [${database.name}]`, () => suite(database));
}

/** PGlite for the read tables, events in the in-memory store; it has no sample (that lives in es_events). */
const pgliteWithInMemoryStore: TestDatabase = { ...pglite, eventStore: 'in-memory', openSample: () => Promise.resolve(undefined) };

/**
 * Runs a projection suite once per available database with its own event store, and once
 * with the events in the in-memory store and the read tables on PGlite.
 */
export function describeEachStore(name: string, suite: (database: TestDatabase) => void): void {
  describeEachDatabase(name, suite);
  describe(`${name} [pglite, in-memory event store]`, () => suite(pgliteWithInMemoryStore));
}

/**
 * A suite that needs the PostgreSQL server (several connections racing). Without
 * TEST_DATABASE_URL it is reported as skipped, and its name says why.
 */
export function describePostgres(name: string, suite: (database: TestDatabase) => void): void {
  if (postgres) describe(`${name} [postgres]`, () => suite(postgres));
  else describe.skip(`${name} [postgres: skipped, TEST_DATABASE_URL is not set]`, () => suite(pglite));
}

/**
 * A fresh database for the suite it is called in: opened before its tests, closed after
 * them. The getter answers the open database (it throws before the suite has started).
 */
export function suiteDatabase(database: TestDatabase): () => OpenedTestDatabase {
  let db: OpenedTestDatabase | undefined;
  beforeAll(async () => {
    db = await database.open();
  });
  afterAll(async () => {
    await db?.close();
  });
  return () => {
    if (db === undefined) throw new Error(`the ${database.name} test database is opened before the suite's tests`);
    return db;
  };
}
