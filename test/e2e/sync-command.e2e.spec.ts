import { type ChildProcess, spawn } from 'node:child_process';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { CANDLES } from '#projections/prices/tables';
import { FACTS } from '#projections/facts/tables';
import { describePostgres, type OpenedTestDatabase, type TestDatabase } from '../support/databases.ts';
import { startExchangeReplay, type ReplayServer } from '../support/exchange-replay/index.ts';
import { REPO_ROOT } from '../support/parse-input.ts';

const ARGS = ['--from', '2025-01-01', '--to', '2025-01-31', '--datasets', 'nse-results,nse-bhavcopy-full'];

/** `npm run sync` as a user runs it, on a server database, against the replay. */
function startSync(databaseUrl: string, replay: ReplayServer): ChildProcess {
  return spawn('npm', ['run', '-s', 'sync', '--', ...ARGS], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      ...replay.urls,
      DATABASE_URL: databaseUrl,
      LOG_LEVEL: 'warn',
      SYNC_NSE_API_RPS: '20',
      SYNC_NSE_ARCHIVES_RPS: '20',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
}

const exited = (child: ChildProcess) =>
  new Promise<number | null>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve(child.exitCode);
    else child.once('exit', (code) => resolve(code));
  });

/** What a sync leaves: units and their states, the documents held, and the read tables a user queries. */
async function outcomeOf(db: OpenedTestDatabase) {
  const rows = async (sql: string) => (await db.query<Record<string, unknown>>(sql)).rows.map((row) => JSON.stringify(row)).sort();
  return {
    units: await rows(`select dataset, unit, state, documents from sync_units order by dataset, unit`),
    documents: await rows(`select document_id, file_name, source_url from raw_documents order by document_id`),
    facts: await rows(`select company_id, concept, period_end, period_type, basis, value::text, known_at, filing_id from ${FACTS}`),
    candles: await rows(`select exchange, ticker, series, start, close::text, known_at from ${CANDLES} order by 1, 2, 3, 4`),
  };
}

describePostgres('npm run sync killed with SIGKILL mid-run, then run again', (database: TestDatabase) => {
  let replay: ReplayServer;
  const opened: OpenedTestDatabase[] = [];
  beforeAll(async () => {
    // Slow answers, so that the kill lands with units done and units to do.
    replay = await startExchangeReplay({ useSharedData: false, delayMs: 150 });
  });
  afterAll(async () => {
    await replay?.close();
    for (const db of opened) await db.close();
  });

  it('resumes without fetching finished units again and ends as an uninterrupted run does', async () => {
    const [killed, whole] = [await database.open(), await database.open()];
    opened.push(killed, whole);
    if (!killed.url || !whole.url) throw new Error('a server database has a URL');

    const first = startSync(killed.url, replay);
    // Wait until some units are recorded, then kill the process outright.
    for (let tries = 0; tries < 600; tries++) {
      const done = await killed
        .query<{ n: number }>(`select count(*)::int as n from sync_units where tried_at is not null`)
        .catch(() => ({ rows: [{ n: 0 }] }));
      if ((done.rows[0]?.n ?? 0) >= 3) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    process.kill(-(first.pid ?? 0), 'SIGKILL');
    await exited(first);
    const finished = (
      await killed.query<{ unit: string; dataset: string }>(`select dataset, unit from sync_units where state in ('done', 'absent')`)
    ).rows;
    expect(finished.length).toBeGreaterThan(0);
    // The kill landed mid-run: January 2025 has 23 sessions and one results window.
    expect(finished.length).toBeLessThan(24);

    const before = replay.requests.length;
    expect(await exited(startSync(killed.url, replay))).toBe(0);
    // No finished unit was fetched again: no request names a finished session's file.
    const again = replay.requests.slice(before).map((r) => `${r.path}?${r.query}`);
    for (const { dataset, unit } of finished.filter((f) => f.dataset === 'nse-bhavcopy-full')) {
      const name = `sec_bhavdata_full_${unit.slice(8, 10)}${unit.slice(5, 7)}${unit.slice(0, 4)}.csv`;
      expect(
        again.filter((url) => url.includes(name)),
        `${dataset} ${unit}`,
      ).toEqual([]);
    }

    expect(await exited(startSync(whole.url, replay))).toBe(0);
    const [resumed, uninterrupted] = [await outcomeOf(killed), await outcomeOf(whole)];
    expect(resumed.facts.length).toBeGreaterThan(0);
    expect(resumed).toEqual(uninterrupted);
  }, 300_000);
});
