import { randomUUID } from 'node:crypto';
import { readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '#platform/config/config';
import { FIRST_KEY_FILE } from '#serve/access/first-key';
import { type RunningService, startService } from '#runtime/start-service';
import { until } from '../support/until.ts';

interface Health {
  readonly status: string;
  readonly documents: { readonly sample: string };
}

/**
 * Bounded by the whole sample ingest, not by a read: 20 s alone on one 2-core machine, 40–63 s
 * on a slower one, and longer beside the rest of the suite.
 */
const SAMPLE_INGEST_MS = 300_000;
/** The pause between one read's answer and the next read. */
const READ_EVERY_MS = 50;

/**
 * `npm start` on a new data folder: the service as a new user meets it (embedded PGlite in its
 * thread, the bundled sample ingested on this first start), read while it ingests.
 */
describe('npm start on a new data folder answers reads while it ingests the bundled sample [PGlite]', () => {
  const dataDir = path.join(tmpdir(), `imd-reads-during-ingest-${randomUUID()}`);
  let service: RunningService | undefined;
  afterAll(async () => {
    await service?.stop();
    await rm(dataDir, { recursive: true, force: true });
  }, SAMPLE_INGEST_MS);

  it(
    'answers a read of the database sent during the ingest before the ingest ends',
    async () => {
      service = await startService(
        loadConfig({
          DATA_DIR: dataDir,
          PORT: '0',
          LOG_LEVEL: 'silent',
          RATE_LIMIT_PER_MINUTE: 'off',
          PUBLIC_RATE_LIMIT_PER_MINUTE: 'off',
        }),
        {
          api: true,
          projector: true,
          worker: true,
        },
      );
      const base = service.address ?? '';
      const health = async () => (await (await fetch(`${base}/health`)).json()) as Health;
      expect((await health()).documents.sample).toBe('ingesting');
      const key = (await readFile(path.join(dataDir, FIRST_KEY_FILE), 'utf8')).trim();

      // Reads that each need the database (a new URL each, so none is answered from the response
      // cache: as of a later second each, all after today, so each sees everything known), from the
      // start of the ingest, READ_EVERY_MS apart: each answered, each time noting whether the
      // ingest was still running once the answer was in. Hundreds are sent; sent back to back,
      // they mostly took the processor time the ingest shares with them.
      const read = (n: number) =>
        fetch(`${base}/v1/financials?ticker=TCS&concept=Revenue&limit=1&as_of=${new Date(Date.UTC(2100, 0, 1) + n * 1000).toISOString()}`, {
          headers: { 'x-api-key': key },
        });
      const answered: { status: number; ingesting: boolean }[] = [];
      for (let n = 1; ; n++) {
        const response = await read(n);
        await response.arrayBuffer();
        const now = await health();
        answered.push({ status: response.status, ingesting: now.documents.sample === 'ingesting' });
        if (now.status === 'ok') break;
        await new Promise((resolve) => setTimeout(resolve, READ_EVERY_MS));
      }
      // Each answer is the database's: 503 while the financials dataset holds nothing yet (it
      // looked), then 200 once TCS's filings are projected. Whether that happens before the last
      // sample file is parsed depends on how far the projector trails the parser, so it is not
      // asserted; that reads were answered while the ingest still ran is.
      expect(answered.every((a) => a.status === 200 || a.status === 503)).toBe(true);
      const duringIngest = answered.filter((a) => a.ingesting);
      expect(duringIngest.length, 'reads answered while the sample still ingests').toBeGreaterThan(0);
      expect(answered.filter((a) => !a.ingesting).length, 'reads answered once it had ingested').toBeGreaterThan(0);
      expect((await until(async () => ((await health()).status === 'ok' ? 'ok' : undefined))) === 'ok').toBe(true);
      const after = await read(answered.length + 1);
      expect(after.status, 'the read answered from the projected filings').toBe(200);
    },
    SAMPLE_INGEST_MS,
  );
});
