import { createHash } from 'node:crypto';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../../test/support/parse-input.ts';
import { describeWithSharedData, SHARED_DATA } from '../../../test/support/shared-data.ts';
import { parserRegistry } from '#ingest/formats/all-parsers/all-parsers';
import { createParsePool } from './parse-pool.ts';
import { crashingParsePool } from '../../../test/support/crashing-parse-pool.ts';
import { execArgvFor } from '#platform/process/thread-flags';
import { parseFiles } from './parse-files.ts';
import type { PreparedOutcome } from './prepare-document.ts';
import type { RawDocument } from './raw-documents.ts';
import { type InputFile, readInputs } from '#ingest/sources/read-inputs';

const RECEIVED_AT = '2026-01-02T03:04:05.000Z';

/** Each document's outcome and events, as a digest of everything that would be appended, by name. */
async function digestsOf(
  folder: string,
  threads: number,
  pick: (files: readonly InputFile[]) => Promise<InputFile[]> = (files) => Promise.resolve([...files]),
): Promise<Map<string, string>> {
  const pool = threads > 0 ? createParsePool({ threads, parsers: parserRegistry }) : undefined;
  const digests = new Map<string, string>();
  try {
    const { files } = await readInputs([folder]);
    await parseFiles(parserRegistry, await pick(files), {
      receivedAt: RECEIVED_AT,
      ...(pool ? { pool } : {}),
      onPrepared: (document: RawDocument, prepared: PreparedOutcome) =>
        digests.set(document.fileName, createHash('sha256').update(JSON.stringify(prepared)).digest('hex')),
    });
  } finally {
    await pool?.close();
  }
  return digests;
}

describe("a parse thread's flags", () => {
  // As `npm run ingest` starts its process: tsx's loader plus a heap flag Node refuses in a thread.
  const ingestCommand = ['--require', '/r/tsx/dist/preflight.cjs', '--import', 'file:///r/tsx/dist/loader.mjs', '--max-semi-space-size=4'];

  it("are the process's module loaders only, in either form, never its process-wide flags", () => {
    expect(execArgvFor('/r/parse-worker.ts', ingestCommand)).toEqual(ingestCommand.slice(0, 4));
    expect(execArgvFor('/r/parse-worker.js', ['--max-old-space-size', '512', '--import=tsx', '--inspect'])).toEqual(['--import=tsx']);
  });

  it("add tsx's loader for a TypeScript thread module in a process without it, and nothing for compiled JavaScript", () => {
    expect(execArgvFor('/r/parse-worker.ts', ['--max-semi-space-size=4'])).toEqual(['--import', 'tsx']);
    expect(execArgvFor('/r/parse-worker.js', [])).toEqual([]);
  });
});

describe('parsing in threads', () => {
  it('yields the same outcomes, events and event ids as parsing on this thread, for every sample file', async () => {
    const folder = path.join(REPO_ROOT, 'sample-data');
    const here = await digestsOf(folder, 0);
    expect(here.size).toBeGreaterThan(20);
    expect(await digestsOf(folder, 2)).toEqual(here);
  }, 120_000);

  describe('a thread that dies', () => {
    const pool = crashingParsePool();
    afterAll(() => pool.close());
    const document = (fileName: string): RawDocument => ({
      documentId: createHash('sha256').update(fileName).digest('hex'),
      bytes: new TextEncoder().encode('SYMBOL,NAME OF COMPANY\n'),
      fileName,
      contentType: 'text/csv',
      format: 'nse-equity-master',
      sourceUrl: null,
      knownAt: null,
      receivedAt: RECEIVED_AT,
      attributes: {},
    });
    const holdings = { generation: 1, json: '[]' };

    it.each(['exit.csv', 'oom.csv'])(
      'rejects only its document (%s), with the reason, and the next parses',
      async (name) => {
        const crashed = await pool.prepare(document(name), undefined, holdings);
        expect(crashed.outcome).toMatchObject({ status: 'rejected', format: 'nse-equity-master', fileName: name });
        expect(crashed.outcome.reason).toMatch(/^the parse thread ended while parsing it \(/);
        expect(crashed.streams).toEqual([]);
        if (name === 'oom.csv')
          expect(crashed.outcome.reason).toMatch(/\(out of memory: the document needs more than the thread's heap of 64 MB; /);
        const next = await pool.prepare(document('next.csv'), undefined, holdings);
        expect(next.outcome.fileName).toBe('next.csv');
        expect(next.outcome.reason ?? '').not.toMatch(/thread/);
      },
      60_000,
    );

    it('passes on an error thrown in the thread (the job is retried), as on this thread', async () => {
      await expect(pool.prepare(document('throw.csv'), undefined, holdings)).rejects.toThrow(/the database of this thread is gone/);
    });
  });
});

/** How many files of one folder and one format are parsed both ways: every twentieth, by name. */
const ONE_IN = 20;

/**
 * The corpus with its long runs of one format thinned: of each folder's files of one format
 * (a company's quarterly XBRL results, a year of intraday bars, the NIFTY histories, the
 * shareholding patterns), the first and every twentieth by name, spread over their years.
 * Every format of every folder, and each company's filings, are still parsed both ways: about
 * 260 files where the corpus has 4,200.
 */
async function thinned(files: readonly InputFile[]): Promise<InputFile[]> {
  const groups = new Map<string, InputFile[]>();
  for (const file of [...files].sort((a, b) => a.origin.localeCompare(b.origin))) {
    const format = parserRegistry.detect(file.fileName, await file.readHead())?.format ?? 'none';
    const key = `${path.dirname(file.origin)} ${format}`;
    groups.set(key, [...(groups.get(key) ?? []), file]);
  }
  return [...groups.values()].flatMap((group) => group.filter((_, i) => i % ONE_IN === 0));
}

describeWithSharedData('parsing the real corpus in threads', () => {
  it('yields what parsing on this thread does, file by file (every format of every folder; a twentieth of the long runs of one)', async () => {
    const here = await digestsOf(SHARED_DATA, 0, thinned);
    expect(here.size).toBeGreaterThan(230);
    // About three filings of each of the 71 companies.
    expect([...here.keys()].filter((name) => name.endsWith('.xml')).length).toBeGreaterThan(190);
    expect(await digestsOf(SHARED_DATA, 2, thinned)).toEqual(here);
  }, 900_000);
});
