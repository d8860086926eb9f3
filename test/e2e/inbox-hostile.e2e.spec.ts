import { execFileSync, spawnSync } from 'node:child_process';
import { createHash, randomUUID } from 'node:crypto';
import { mkdir, readdir, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { zipSync } from 'fflate';
import { afterAll, describe, expect, it } from 'vitest';
import { inboxOf } from '#ingest/sources/inbox';
import { loadConfig } from '#platform/config/config';
import { type RunningService, startService } from '#runtime/start-service';
import { until } from '../support/until.ts';

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const canMakeFifo = process.platform !== 'win32' && spawnSync('mkfifo', ['--help'], { stdio: 'ignore' }).error === undefined;

/** Every file (not folder) under a folder, links and FIFOs included, by relative path. */
async function entriesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((e) => !e.isDirectory()).map((e) => path.relative(dir, path.join(e.parentPath, e.name)));
}

describe('the inbox of a running service (PGlite), given hostile files', () => {
  const root = path.join(tmpdir(), `imd-inbox-${randomUUID()}`);
  const dataDir = path.join(root, 'data');
  const outside = path.join(root, 'outside');
  const inbox = inboxOf(dataDir);
  const secret = Buffer.from('a 0600 file outside the inbox\n');
  const inner = Buffer.from('SYMBOL,NAME OF COMPANY, SERIES, DATE OF LISTING, PAID UP VALUE, MARKET LOT, ISIN NUMBER, FACE VALUE\n');
  // A bomb of a few MB against a limit lowered to 1 MiB stands for 1 GiB against the default.
  const bomb = zipSync({ 'zeros.csv': new Uint8Array(8 * 1024 * 1024) }, { level: 9 });
  const large = Buffer.alloc(2 * 1024 * 1024, 'x');
  let service: RunningService | undefined;
  afterAll(async () => {
    await service?.stop();
    await rm(root, { recursive: true, force: true });
  });

  const start = () =>
    startService(
      loadConfig({ DATA_DIR: dataDir, PORT: '0', LOG_LEVEL: 'silent', INGEST_SAMPLE: 'false', INGEST_MAX_DOCUMENT_BYTES: '1MiB' }),
      { api: false, projector: true, worker: true },
    );
  const eventCount = async (s: RunningService) =>
    (await s.db.query<{ n: number }>('select count(*)::int8 as n from es_events')).rows[0]?.n ?? 0;
  const eventsOf = async (s: RunningService, bytes: Uint8Array) =>
    (
      await s.db.query<{ event_type: string }>(`select event_type from es_events where stream_id = $1 order by global_position`, [
        `document-${sha256(bytes)}`,
      ])
    ).rows.map((r) => r.event_type);

  it('rejects a zip bomb and an oversized file with their reasons, skips links, FIFOs and empty files, and empties itself', async () => {
    await mkdir(path.join(outside, 'folder'), { recursive: true });
    await writeFile(path.join(outside, 'secret.csv'), secret, { mode: 0o600 });
    await writeFile(path.join(outside, 'folder', 'EQUITY_L.csv'), inner);
    service = await start();
    const drop = path.join(inbox, 'drop');
    await mkdir(drop, { recursive: true });
    await writeFile(path.join(drop, 'bomb.zip'), bomb);
    await writeFile(path.join(drop, 'large.csv'), large);
    for (const name of ['a.csv', 'b.csv', 'c.csv']) await writeFile(path.join(drop, name), '');
    await symlink(path.join(outside, 'secret.csv'), path.join(drop, 'secret.csv'));
    await symlink(path.join(outside, 'folder'), path.join(drop, 'linked'));
    if (canMakeFifo) execFileSync('mkfifo', [path.join(drop, 'pipe.csv')]);
    const running = service;

    // Handled: every entry removed (a link or FIFO only unlinked), so nothing is tried again.
    await until(async () => ((await entriesUnder(inbox)).length === 0 ? true : undefined));
    expect(await eventsOf(running, bomb)).toEqual(['DocumentReceived', 'DocumentDisseminated', 'DocumentRejected']);
    expect(await eventsOf(running, large)).toEqual(['DocumentReceived', 'DocumentDisseminated', 'DocumentRejected']);
    const { rows: reasons } = await running.db.query<{ reason: string }>(
      `select data->>'reason' as reason from es_events where event_type = 'DocumentRejected' order by data->>'reason'`,
    );
    expect(reasons.map((r) => r.reason)).toEqual([
      '2 MiB, over the document limit of 1 MiB (INGEST_MAX_DOCUMENT_BYTES): refused unread, its bytes are not kept',
      'the zip entry zeros.csv expands to 8 MiB, over the document limit of 1 MiB (INGEST_MAX_DOCUMENT_BYTES): refused unexpanded',
    ]);
    // The link targets were never read: neither is a document, and both are still there.
    expect(await eventsOf(running, secret)).toEqual([]);
    expect(await eventsOf(running, inner)).toEqual([]);
    expect((await entriesUnder(outside)).sort()).toEqual(['folder/EQUITY_L.csv', 'secret.csv']);
    const { rows } = await running.db.query<{ n: number }>('select count(*)::int8 as n from raw_documents');
    expect(rows[0]?.n).toBe(0);
  });

  it('tries nothing again at the next start', async () => {
    const before = await eventCount(service as RunningService);
    await service?.stop();
    service = await start();
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    expect(await eventCount(service)).toBe(before);
  });
});
