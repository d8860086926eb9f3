import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../../../test/support/parse-input.ts';
import { zipOne } from '../../../../test/support/exchange-replay/zip.ts';
import { DEFAULT_INGEST_LIMITS } from '#platform/config/config';
import type { SqlExecutor } from '#platform/db/db';
import type { ExchangeHost, SyncConfig } from '#platform/config/sync-config';
import { istInstant } from '#platform/time/ist';
import type { ExchangeClient, ExchangeResponse } from '../exchange-client.ts';
import type { Clock } from '../host-budget.ts';
import { datasetIo } from '../sync-service.ts';
import { fetchSessionFile, nseBhavcopyFull, nseBhavcopyLegacy } from './nse-bhavcopies.ts';

const BASES: Readonly<Record<ExchangeHost, string>> = {
  'nse-www': 'http://127.0.0.1:9/nse-www',
  'nse-archives': 'http://127.0.0.1:9/nse-archives',
  'bse-www': 'http://127.0.0.1:9/bse-www',
  'bse-api': 'http://127.0.0.1:9/bse-api',
};
const CONFIG: SyncConfig = {
  follow: false,
  datasets: undefined,
  baseUrls: BASES,
  budgets: { 'nse-www': 3, 'nse-archives': 2, 'bse-www': 1, 'bse-api': 1 },
  timeoutMs: 30_000,
};

/** The real legacy bhavcopy of 2021-01-06, as NSE zips it. */
const CSV = new Uint8Array(readFileSync(path.join(REPO_ROOT, 'sample-data/prices/cm06JAN2021bhav.csv')));
const ZIP = zipOne('cm06JAN2021bhav.csv', CSV, Date.parse('2021-01-06T12:02:00Z'));

type Answer = Pick<ExchangeResponse, 'status' | 'bytes'> & Partial<ExchangeResponse>;

/** A client that answers each URL by a handler and notes what was asked. */
function fakeClient(answer: (url: string) => Answer) {
  const asked: string[] = [];
  const client: ExchangeClient = {
    hostOf: (url) => (url.startsWith(BASES['nse-archives']) ? 'nse-archives' : undefined),
    get: (url) => {
      asked.push(url);
      return Promise.resolve({
        url,
        finalUrl: url,
        host: 'nse-archives',
        contentType: null,
        etag: null,
        lastModified: null,
        fetchedAt: '2021-01-07T13:00:00.000Z',
        attempts: 1,
        ...answer(url),
      });
    },
  };
  return { client, asked };
}

/** The connectors' own DatasetIo (its URLs and provenance), over a fake client, at an IST time. */
function ioAt(date: string, hhmm: string, client: ExchangeClient) {
  const [h, m] = hhmm.split(':').map(Number) as [number, number];
  const now = istInstant(date, h * 3600 + m * 60);
  const clock: Clock = { now: () => now, sleep: () => Promise.resolve() };
  const db = {} as SqlExecutor; // a session file asks the store nothing
  return datasetIo(db, CONFIG, DEFAULT_INGEST_LIMITS, client, clock, () => Promise.resolve([]));
}

const session = (day: string) => ({ key: day, from: day, to: day });
const html = new TextEncoder().encode('<!DOCTYPE html><html><body>The file is not available yet</body></html>');

describe('fetchSessionFile', () => {
  it('calls a past weekday answered 404 absent: a holiday', async () => {
    const { client, asked } = fakeClient(() => ({ status: 404, bytes: html, contentType: 'text/html' }));
    const outcome = await nseBhavcopyLegacy.fetch(session('2021-01-26'), ioAt('2021-02-01', '19:00', client));
    expect(outcome).toMatchObject({ kind: 'absent', requests: 1 });
    expect(outcome.kind === 'absent' && outcome.reason).toMatch(/holiday/);
    expect(asked).toEqual([`${BASES['nse-archives']}/content/historical/EQUITIES/2021/JAN/cm26JAN2021bhav.csv.zip`]);
  });

  it('calls today answered with an HTML page not-published: it may come later', async () => {
    const { client } = fakeClient(() => ({ status: 200, bytes: html, contentType: 'text/html' }));
    const outcome = await nseBhavcopyLegacy.fetch(session('2021-01-07'), ioAt('2021-01-07', '18:20', client));
    expect(outcome.kind).toBe('not-published');
  });

  it('calls today answered 404 not-published, never absent', async () => {
    const { client } = fakeClient(() => ({ status: 404, bytes: new Uint8Array() }));
    expect((await nseBhavcopyFull.fetch(session('2021-01-07'), ioAt('2021-01-07', '18:20', client))).kind).toBe('not-published');
  });

  it('calls the previous session’s file served under a day’s name absent, naming the session it holds', async () => {
    for (const [dataset, bytes] of [
      [nseBhavcopyLegacy, ZIP],
      [nseBhavcopyFull, CSV],
    ] as const) {
      const { client } = fakeClient(() => ({ status: 200, bytes }));
      const outcome = await dataset.fetch(session('2021-01-07'), ioAt('2021-01-07', '18:30', client));
      expect(outcome.kind).toBe('absent');
      expect(outcome.kind === 'absent' && outcome.reason).toContain('2021-01-06');
    }
  });

  it('fetches the right file, with its source URL at NSE’s own host and the fetch’s provenance', async () => {
    const { client, asked } = fakeClient(() => ({
      status: 200,
      bytes: ZIP,
      contentType: 'application/zip',
      etag: '"5ff5a6d8-1286d"',
      lastModified: 'Wed, 06 Jan 2021 12:02:00 GMT',
      fetchedAt: '2021-01-06T13:00:00.000Z',
    }));
    const outcome = await nseBhavcopyLegacy.fetch(session('2021-01-06'), ioAt('2021-01-06', '18:30', client));
    expect(asked).toEqual([`${BASES['nse-archives']}/content/historical/EQUITIES/2021/JAN/cm06JAN2021bhav.csv.zip`]);
    expect(outcome.kind).toBe('fetched');
    if (outcome.kind !== 'fetched') return;
    expect(outcome.requests).toBe(1);
    const [document] = outcome.documents;
    expect(document?.bytes).toBe(ZIP);
    expect(document?.fileName).toBe('cm06JAN2021bhav.csv.zip');
    expect(document?.sourceUrl).toBe('https://nsearchives.nseindia.com/content/historical/EQUITIES/2021/JAN/cm06JAN2021bhav.csv.zip');
    expect(document?.attributes.fetch).toEqual({
      url: 'https://nsearchives.nseindia.com/content/historical/EQUITIES/2021/JAN/cm06JAN2021bhav.csv.zip',
      query: '',
      fetchedFrom: `${BASES['nse-archives']}/content/historical/EQUITIES/2021/JAN/cm06JAN2021bhav.csv.zip`,
      fetchedAt: '2021-01-06T13:00:00.000Z',
      status: 200,
      etag: '"5ff5a6d8-1286d"',
      lastModified: 'Wed, 06 Jan 2021 12:02:00 GMT',
      sha256: createHash('sha256').update(ZIP).digest('hex'),
    });
  });

  it('passes a refusal through as it is', async () => {
    const { client } = fakeClient(() => ({ status: 403, bytes: html }));
    const outcome = await fetchSessionFile(session('2021-01-05'), ioAt('2021-01-07', '19:00', client), {
      host: 'nse-archives',
      path: '/products/content/sec_bhavdata_full_05012021.csv',
      expected: 'csv',
      fileName: 'sec_bhavdata_full_05012021.csv',
    });
    expect(outcome.kind).toBe('blocked');
  });
});
