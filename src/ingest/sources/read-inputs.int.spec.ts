import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, renameSync, symlinkSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IngestLimits } from '#platform/config/config';
import { readInputs } from './read-inputs.ts';

const LIMITS: IngestLimits = {
  maxDocumentBytes: 64 * 1024,
  maxArchiveBytes: 256 * 1024,
  maxCompressionRatio: 100,
  maxArchiveEntries: 1_000,
};
const SECRET = 'INE002A01018,the bytes of a 0600 file outside the inbox\n';

/** Whether this platform makes FIFOs with mkfifo: not Windows. */
const canMakeFifo = process.platform !== 'win32' && spawnSync('mkfifo', ['--help'], { stdio: 'ignore' }).error === undefined;

describe('readInputs: what a folder walk reads, and what it skips and says so', () => {
  let root: string;
  let inbox: string;
  let outside: string;
  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'imd-read-inputs-'));
    inbox = path.join(root, 'inbox');
    outside = path.join(root, 'outside');
    mkdirSync(path.join(outside, 'folder'), { recursive: true });
    mkdirSync(inbox);
    writeFileSync(path.join(outside, 'secret.csv'), SECRET);
    chmodSync(path.join(outside, 'secret.csv'), 0o600);
    writeFileSync(path.join(outside, 'folder', 'inner.csv'), SECRET);
    writeFileSync(path.join(inbox, 'real.csv'), 'TESTCSV\nINE009A01021,Infosys\n');
  });
  afterAll(() => rm(root, { recursive: true, force: true }));

  const names = (files: ReadonlyArray<{ fileName: string }>) => files.map((f) => f.fileName);

  it('skips a link to a file outside the folder and a linked folder, never reading or walking them', async () => {
    const dir = path.join(root, 'links');
    mkdirSync(dir);
    writeFileSync(path.join(dir, 'real.csv'), 'x\n');
    symlinkSync(path.join(outside, 'secret.csv'), path.join(dir, 'secret.csv'));
    symlinkSync(path.join(outside, 'folder'), path.join(dir, 'linked'));
    const { files, problems } = await readInputs([dir], { limits: LIMITS });
    expect(names(files)).toEqual(['real.csv']);
    expect(problems).toEqual([
      { where: path.join(dir, 'linked'), message: 'a symbolic link: skipped, links are not followed' },
      { where: path.join(dir, 'secret.csv'), message: 'a symbolic link: skipped, links are not followed' },
    ]);
  });

  it('skips links handed over by a watcher (the inbox), and follows a link only when an operator names it', async () => {
    symlinkSync(path.join(outside, 'secret.csv'), path.join(inbox, 'secret.csv'));
    symlinkSync(path.join(outside, 'folder'), path.join(inbox, 'linked'));
    const watched = ['real.csv', 'secret.csv', 'linked'].map((name) => path.join(inbox, name));
    const fromInbox = await readInputs(watched, { limits: LIMITS, within: inbox });
    expect(names(fromInbox.files)).toEqual(['real.csv']);
    expect(fromInbox.problems.map((p) => [path.basename(p.where), p.message])).toEqual([
      ['secret.csv', 'a symbolic link: skipped, links are not followed'],
      ['linked', 'a symbolic link: skipped, links are not followed'],
    ]);
    const named = await readInputs([path.join(inbox, 'linked')], { limits: LIMITS });
    expect(names(named.files)).toEqual(['inner.csv']);
  });

  it.skipIf(!canMakeFifo)('skips a FIFO without opening it (skipped where the platform makes no FIFOs)', async () => {
    const dir = path.join(root, 'fifo');
    mkdirSync(dir);
    execFileSync('mkfifo', [path.join(dir, 'pipe.csv')]);
    const { files, problems } = await readInputs([dir], { limits: LIMITS });
    expect(files).toEqual([]);
    expect(problems).toEqual([{ where: path.join(dir, 'pipe.csv'), message: 'a FIFO (named pipe): skipped, not a regular file' }]);
  });

  it('reports each empty file under its own name, even when they are identical', async () => {
    const dir = path.join(root, 'empty');
    mkdirSync(dir);
    for (const name of ['a.csv', 'b.csv', 'c.csv']) writeFileSync(path.join(dir, name), '');
    const { files, problems } = await readInputs([dir], { limits: LIMITS });
    expect(files).toEqual([]);
    expect(problems).toEqual(
      ['a.csv', 'b.csv', 'c.csv'].map((name) => ({ where: path.join(dir, name), message: 'an empty file (0 bytes): nothing to ingest' })),
    );
  });

  it('refuses a file over the document limit unread: its digest is streamed and its bytes are never held', async () => {
    const dir = path.join(root, 'large');
    mkdirSync(dir);
    const bytes = Buffer.from('SYMBOL,SERIES,OPEN\n' + 'RELIANCE,EQ,2500.00\n'.repeat(5000));
    writeFileSync(path.join(dir, 'cm06JAN2021bhav.csv'), bytes);
    const { files, problems } = await readInputs([dir], { limits: LIMITS });
    expect(problems).toEqual([]);
    const [file] = files;
    expect(file?.refusal).toEqual({
      documentId: createHash('sha256').update(bytes).digest('hex'),
      byteLength: bytes.length,
      rule: 'document-bytes>65536',
      reason: '97.7 KiB, over the document limit of 64 KiB (INGEST_MAX_DOCUMENT_BYTES): refused unread, its bytes are not kept',
    });
    await expect(file?.read()).rejects.toThrow(/over the document limit/);
    expect(Buffer.from((await file?.readHead()) ?? []).equals(bytes.subarray(0, 16 * 1024))).toBe(true);
  });

  it('does not follow a link put in place of a listed file, or of a folder on its way, before it is read', async () => {
    const dir = path.join(root, 'race');
    mkdirSync(path.join(dir, 'sub'), { recursive: true });
    writeFileSync(path.join(dir, 'a.csv'), 'a\n');
    writeFileSync(path.join(dir, 'sub', 'secret.csv'), 'b\n');
    const { files } = await readInputs([dir], { limits: LIMITS });
    const [a, b] = files;
    renameSync(path.join(dir, 'a.csv'), path.join(dir, 'a.old'));
    symlinkSync(path.join(outside, 'secret.csv'), path.join(dir, 'a.csv'));
    renameSync(path.join(dir, 'sub'), path.join(dir, 'sub.old'));
    symlinkSync(outside, path.join(dir, 'sub'));
    await expect(a?.read()).rejects.toThrow('it became a symbolic link after it was listed: not followed');
    // Through the linked folder the name leads to the secret: a different file, and not below the folder listed.
    await expect(b?.read()).rejects.toThrow('it was replaced by another file after it was listed');
  });

  it.skipIf(!existsSync('/proc/self/fd'))(
    'does not read a listed file reached through a folder that became a link (Linux: /proc)',
    async () => {
      const dir = path.join(root, 'moved');
      mkdirSync(path.join(dir, 'sub'), { recursive: true });
      writeFileSync(path.join(dir, 'sub', 'c.csv'), 'c\n');
      const [c] = (await readInputs([dir], { limits: LIMITS })).files;
      // The very same file, so only where the open landed tells that a link was followed.
      renameSync(path.join(dir, 'sub'), path.join(dir, 'sub.old'));
      symlinkSync(path.join(dir, 'sub.old'), path.join(dir, 'sub'));
      await expect(c?.read()).rejects.toThrow(
        `it was reached through a symbolic link (at ${path.join(dir, 'sub.old', 'c.csv')}): not followed`,
      );
    },
  );

  it('does not read a known-at.json that is a link', async () => {
    const dir = path.join(root, 'manifest');
    mkdirSync(dir);
    writeFileSync(path.join(dir, 'EQUITY_L.csv'), 'SYMBOL\n');
    symlinkSync(path.join(outside, 'secret.csv'), path.join(dir, 'known-at.json'));
    const { files, problems } = await readInputs([dir], { limits: LIMITS });
    expect(files.map((f) => [f.fileName, f.knownAt])).toEqual([['EQUITY_L.csv', undefined]]);
    expect(problems).toEqual([{ where: path.join(dir, 'known-at.json'), message: 'a symbolic link: skipped, links are not followed' }]);
  });
});
