import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeWithSharedData } from '../shared-data.ts';
import { REPO_ROOT } from './corpus-roots.ts';
import { startExchangeReplay, type ReplayOptions, type ReplayServer } from './index.ts';

const sample = (relative: string) => new Uint8Array(readFileSync(path.join(REPO_ROOT, 'sample-data', relative)));
const shared = (relative: string) => new Uint8Array(readFileSync(path.resolve(REPO_ROOT, '../shared/data', relative)));

const BROWSER = { 'User-Agent': 'Mozilla/5.0 (X11; Linux x86_64) replay-spec', Referer: 'https://www.nseindia.com/' };

const LEGACY_PATH = '/content/historical/EQUITIES/2021/JAN/cm06JAN2021bhav.csv.zip';
const TCS_XBRL = 'INDAS_117182_1341298_09012025093940.xml';
const TCS_XBRL_FILE = `results/xbrl/tcs/09Jan2025_2139_${TCS_XBRL}`;

/** Replays started by a suite, closed after it; every misbehaviour a case does not test is off. */
function replays() {
  const started: ReplayServer[] = [];
  afterAll(async () => {
    await Promise.all(started.map((replay) => replay.close()));
  });
  return async (options: ReplayOptions = {}) => {
    const replay = await startExchangeReplay({ nseCookie: false, burst429: false, useSharedData: false, ...options });
    started.push(replay);
    return replay;
  };
}

async function bytesOf(
  url: string,
  headers: Record<string, string> = BROWSER,
): Promise<{ status: number; type: string; bytes: Uint8Array; res: Response }> {
  const res = await fetch(url, { headers });
  return { status: res.status, type: res.headers.get('content-type') ?? '', bytes: new Uint8Array(await res.arrayBuffer()), res };
}

/** The cookies NSE's home page sets, as a `Cookie` header. */
async function warmUp(replay: ReplayServer): Promise<string> {
  const res = await fetch(`${replay.urls.NSE_WWW_URL}/`, { headers: BROWSER });
  await res.arrayBuffer();
  return res.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}

const resultsUrl = (replay: ReplayServer, from: string, to: string) =>
  `${replay.urls.NSE_WWW_URL}/api/corporates-financial-results?index=equities&period=Quarterly&from_date=${from}&to_date=${to}`;

async function rowsOf(url: string, headers: Record<string, string> = BROWSER): Promise<Array<Record<string, string>>> {
  const res = await fetch(url, { headers });
  expect(res.status).toBe(200);
  return (await res.json()) as Array<Record<string, string>>;
}

const dayOf = (stamp: string) => {
  const months = 'JanFebMarAprMayJunJulAugSepOctNovDec';
  const [dd, mon, yyyy] = stamp.slice(0, 11).split('-') as [string, string, string];
  return `${yyyy}-${String(months.indexOf(mon) / 3 + 1).padStart(2, '0')}-${dd}`;
};

describe('exchange replay: the project sample at the real paths', () => {
  const start = replays();

  it('serves the legacy bhavcopy zipped under its own member name, the CSV byte for byte', async () => {
    const replay = await start();
    const { status, type, bytes } = await bytesOf(`${replay.urls.NSE_ARCHIVES_URL}${LEGACY_PATH}`);
    expect([status, type]).toEqual([200, 'application/zip']);
    const members = unzipSync(bytes);
    expect(Object.keys(members)).toEqual(['cm06JAN2021bhav.csv']);
    expect(Buffer.compare(members['cm06JAN2021bhav.csv']!, sample('prices/cm06JAN2021bhav.csv'))).toBe(0);
  });

  it("lists every company's results filed in the window, newest first, and serves each row's XBRL byte for byte", async () => {
    const replay = await start();
    const rows = await rowsOf(resultsUrl(replay, '01-01-2025', '31-01-2025'));
    expect(new Set(rows.map((row) => row['symbol']))).toEqual(new Set(['TCS', 'INFY', 'RELIANCE', 'HDFCBANK', 'ACC', 'BAJFINANCE']));
    const days = rows.map((row) => dayOf(row['filingDate']!));
    expect(days.every((day) => day >= '2025-01-01' && day <= '2025-01-31')).toBe(true);
    expect([...days].sort().reverse()).toEqual(days);
    const tcs = rows.find((row) => row['xbrl']?.endsWith(TCS_XBRL));
    expect(tcs?.['xbrl']).toBe(`https://nsearchives.nseindia.com/corporate/xbrl/${TCS_XBRL}`);
    const { status, bytes } = await bytesOf(`${replay.urls.NSE_ARCHIVES_URL}/corporate/xbrl/${TCS_XBRL}`);
    expect(status).toBe(200);
    expect(Buffer.compare(bytes, sample(TCS_XBRL_FILE))).toBe(0);
  });

  it('answers 404 for a listed XBRL document the corpus does not hold', async () => {
    const replay = await start();
    const rows = await rowsOf(`${replay.urls.NSE_WWW_URL}/api/corporates-financial-results?index=equities&period=Quarterly&symbol=TCS`);
    expect(rows.some((row) => row['xbrl']?.endsWith('INDAS_101017_1017396_11012024084148.xml'))).toBe(true);
    const { status } = await bytesOf(`${replay.urls.NSE_ARCHIVES_URL}/corporate/xbrl/INDAS_101017_1017396_11012024084148.xml`);
    expect(status).toBe(404);
  });

  it('serves a UDiFF bhavcopy built from the legacy rows of the same day, and the constructed fixture of 8 July 2024', async () => {
    const replay = await start();
    const legacyLines = new TextDecoder().decode(sample('prices/cm06JAN2021bhav.csv')).trim().split('\n');
    const { bytes } = await bytesOf(`${replay.urls.NSE_ARCHIVES_URL}/content/cm/BhavCopy_NSE_CM_0_0_0_20210106_F_0000.csv.zip`);
    const csv = new TextDecoder().decode(unzipSync(bytes)['BhavCopy_NSE_CM_0_0_0_20210106_F_0000.csv']);
    const [header, ...lines] = csv.trim().split('\n');
    expect(header!.split(',')).toHaveLength(34);
    expect(lines).toHaveLength(legacyLines.length - 1);
    expect(lines.find((line) => line.includes(',RELIANCE,EQ,'))).toMatch(/^2021-01-06,2021-01-06,CM,NSE,STK,,INE002A01018,RELIANCE,EQ,/);
    const fixture = await bytesOf(`${replay.urls.NSE_ARCHIVES_URL}/content/cm/BhavCopy_NSE_CM_0_0_0_20240708_F_0000.csv.zip`);
    expect(fixture.status).toBe(200);
  });

  it('serves the constructed BSE listings in their API shapes', async () => {
    const replay = await start();
    const base = `${replay.urls.BSE_API_URL}/BseIndiaAPI/api`;
    const announcements = (await (
      await fetch(
        `${base}/AnnSubCategoryGetData/w?pageno=2&strCat=-1&strPrevDate=20210821&strToDate=20210821&strScrip=&strSearch=P&strType=C&subcategory=-1`,
      )
    ).json()) as { Table: Array<{ RN: number; SCRIP_CD: number }>; Table1: Array<{ ROWCNT: number }> };
    expect(announcements.Table).toHaveLength(50);
    expect(announcements.Table[0]?.RN).toBe(51);
    expect(announcements.Table1[0]?.ROWCNT).toBeGreaterThan(100);
    const scrips = (await (
      await fetch(`${base}/ListofScripData/w?Group=&Scripcode=500325&industry=&segment=Equity&status=`)
    ).json()) as Array<Record<string, string>>;
    expect(scrips).toMatchObject([{ SCRIP_CD: '500325', scrip_id: 'RELIANCE', ISIN_NUMBER: 'INE002A01018' }]);
    const actions = (await (
      await fetch(`${base}/DefaultData/w?ddlcategorys=E&ddlindustrys=&segment=0&strSearch=D&Fdate=20090401&TDate=20090531`)
    ).json()) as Array<{ exdate: string }>;
    expect(actions.length).toBeGreaterThan(0);
    expect(actions.every(({ exdate }) => exdate >= '20090401' && exdate <= '20090531')).toBe(true);
  });

  it('lists what it serves, with the corpus file behind each real body', async () => {
    const replay = await start();
    const legacy = replay.served.find((entry) => entry.url === `${replay.urls.NSE_ARCHIVES_URL}${LEGACY_PATH}`);
    expect(legacy).toEqual({
      dataset: 'nse-bhavcopy-legacy',
      url: legacy?.url,
      builtFrom: path.join(REPO_ROOT, 'sample-data/prices/cm06JAN2021bhav.csv'),
    });
    const xbrl = replay.served.find((entry) => entry.url.endsWith(TCS_XBRL));
    expect(xbrl?.file).toBe(path.join(REPO_ROOT, 'sample-data', TCS_XBRL_FILE));
  });
});

describe('exchange replay: misbehaviours', () => {
  const start = replays();

  it("answers NSE's API 403 without the home page's cookies, and 200 with them", async () => {
    const replay = await start({ nseCookie: {} });
    const url = resultsUrl(replay, '01-01-2025', '31-01-2025');
    expect((await bytesOf(url)).status).toBe(403);
    const home = await fetch(`${replay.urls.NSE_WWW_URL}/`, { headers: BROWSER });
    expect(home.headers.get('content-type')).toMatch(/^text\/html/);
    expect(home.headers.getSetCookie().map((c) => c.split('=')[0])).toEqual(['nsit', 'nseappid']);
    const cookie = await warmUp(replay);
    expect((await bytesOf(url, { ...BROWSER, Cookie: cookie })).status).toBe(200);
    expect((await bytesOf(`${replay.urls.NSE_ARCHIVES_URL}${LEGACY_PATH}`)).status).toBe(200);
  });

  it('lets the cookies expire after a number of API calls, then answers 401 until warmed up again', async () => {
    const replay = await start({ nseCookie: { maxCalls: 2 } });
    const url = resultsUrl(replay, '01-01-2025', '31-01-2025');
    const cookie = await warmUp(replay);
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await bytesOf(url, { ...BROWSER, Cookie: cookie })).status);
    expect(statuses).toEqual([200, 200, 401]);
    expect((await bytesOf(url, { ...BROWSER, Cookie: await warmUp(replay) })).status).toBe(200);
  });

  it('lets the cookies expire after an age, by its clock', async () => {
    let clock = 1_000_000;
    const replay = await start({ nseCookie: { maxAgeMs: 60_000 }, now: () => clock });
    const url = resultsUrl(replay, '01-01-2025', '31-01-2025');
    const cookie = await warmUp(replay);
    expect((await bytesOf(url, { ...BROWSER, Cookie: cookie })).status).toBe(200);
    clock += 60_000;
    expect((await bytesOf(url, { ...BROWSER, Cookie: cookie })).status).toBe(401);
  });

  it("answers a file of a day after publishedUntil with 200 and NSE's HTML page, and lists no later rows", async () => {
    const replay = await start({ publishedUntil: '2025-01-15' });
    const udiff = await bytesOf(`${replay.urls.NSE_ARCHIVES_URL}/content/cm/BhavCopy_NSE_CM_0_0_0_20240708_F_0000.csv.zip`);
    expect(udiff.status).toBe(200);
    const later = await bytesOf(`${replay.urls.NSE_ARCHIVES_URL}/content/cm/BhavCopy_NSE_CM_0_0_0_20250116_F_0000.csv.zip`);
    expect([later.status, later.type]).toEqual([200, 'text/html; charset=utf-8']);
    expect(new TextDecoder().decode(later.bytes)).toContain('not available');
    const rows = await rowsOf(resultsUrl(replay, '01-01-2025', '31-01-2025'));
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((row) => dayOf(row['filingDate']!) <= '2025-01-15')).toBe(true);
  });

  it('withdraws a URL with unpublish and serves new bytes with publish (a corrected file), with a new ETag', async () => {
    const replay = await start();
    const url = `${replay.urls.NSE_ARCHIVES_URL}${LEGACY_PATH}`;
    const before = await bytesOf(url);
    replay.unpublish(url);
    const withdrawn = await bytesOf(url);
    expect([withdrawn.status, withdrawn.type]).toEqual([200, 'text/html; charset=utf-8']);
    replay.publish(url, 'SYMBOL,SERIES\nCORRECTED,EQ\n', 'application/zip');
    const corrected = await bytesOf(url);
    expect(new TextDecoder().decode(corrected.bytes)).toBe('SYMBOL,SERIES\nCORRECTED,EQ\n');
    expect(corrected.res.headers.get('etag')).not.toBe(before.res.headers.get('etag'));
    const later = `${replay.urls.NSE_ARCHIVES_URL}/content/cm/BhavCopy_NSE_CM_0_0_0_20250303_F_0000.csv.zip`;
    expect((await bytesOf(later)).status).toBe(404);
    replay.publish(later, new Uint8Array([80, 75, 5, 6]));
    expect(await bytesOf(later)).toMatchObject({ status: 200, type: 'application/zip' });
  });

  it("answers a holiday's bhavcopy with the previous session's bytes under the holiday's name", async () => {
    const replay = await start({ holidays: ['2021-01-07', '2021-01-08'] });
    const session = await bytesOf(`${replay.urls.NSE_ARCHIVES_URL}${LEGACY_PATH}`);
    const holiday = await bytesOf(`${replay.urls.NSE_ARCHIVES_URL}/content/historical/EQUITIES/2021/JAN/cm08JAN2021bhav.csv.zip`);
    expect(holiday.status).toBe(200);
    expect(Buffer.compare(holiday.bytes, session.bytes)).toBe(0);
    const notHoliday = await bytesOf(`${replay.urls.NSE_ARCHIVES_URL}/content/historical/EQUITIES/2021/JAN/cm11JAN2021bhav.csv.zip`);
    expect(notHoliday.status).toBe(404);
  });

  it("keeps only the last 90 days of a wider window on NSE's listing APIs, silently", async () => {
    const capped = await start();
    const uncapped = await start({ nseWindowCapDays: false });
    const wide = await rowsOf(resultsUrl(capped, '01-01-2024', '31-01-2025'));
    const last90 = await rowsOf(resultsUrl(capped, '03-11-2024', '31-01-2025'));
    expect(wide).toEqual(last90);
    expect((await rowsOf(resultsUrl(uncapped, '01-01-2024', '31-01-2025'))).length).toBeGreaterThan(wide.length);
  });

  it('answers every Nth request on a host 429 with Retry-After, counting each host apart', async () => {
    const replay = await start({ burst429: { every: 3 } });
    const archive = `${replay.urls.NSE_ARCHIVES_URL}${LEGACY_PATH}`;
    const statuses = [];
    for (let i = 0; i < 6; i++) statuses.push((await bytesOf(archive)).status);
    expect(statuses).toEqual([200, 200, 429, 200, 200, 429]);
    const limited = replay.requests.find((request) => request.status === 429);
    expect(limited).toMatchObject({ host: 'nse-archives', path: LEGACY_PATH });
    const bse = await bytesOf(`${replay.urls.BSE_API_URL}/BseIndiaAPI/api/ListofScripData/w?segment=Equity`);
    expect(bse.status).toBe(200);
    const res = await fetch(archive, { headers: BROWSER });
    await res.arrayBuffer();
    expect([res.status, res.headers.get('retry-after')]).toEqual([200, null]);
  });

  it('records each request with its host, path, query, status, arrival and headers; answers after delayMs', async () => {
    const replay = await start({ delayMs: 300 });
    const answered = bytesOf(resultsUrl(replay, '01-01-2025', '31-01-2025'), { ...BROWSER, Cookie: 'nsit=x' });
    while (replay.requests.length === 0) await new Promise((resolve) => setImmediate(resolve));
    expect(replay.requests[0]?.status).toBe(0);
    expect((await answered).status).toBe(200);
    expect(replay.requests).toEqual([
      {
        host: 'nse-www',
        method: 'GET',
        path: '/api/corporates-financial-results',
        query: 'index=equities&period=Quarterly&from_date=01-01-2025&to_date=31-01-2025',
        status: 200,
        at: expect.any(Number),
        headers: expect.objectContaining({ 'user-agent': BROWSER['User-Agent'], referer: BROWSER.Referer, cookie: 'nsit=x' }),
      },
    ]);
  });

  it('sends ETag and Last-Modified with archive files and answers 304 to a matching If-None-Match', async () => {
    const replay = await start();
    const url = `${replay.urls.NSE_ARCHIVES_URL}${LEGACY_PATH}`;
    const { res } = await bytesOf(url);
    expect(res.headers.get('last-modified')).toBe('Wed, 06 Jan 2021 12:30:00 GMT');
    const etag = res.headers.get('etag')!;
    expect(etag).toMatch(/^"[0-9a-f]{40}"$/);
    expect((await bytesOf(url, { ...BROWSER, 'If-None-Match': etag })).status).toBe(304);
  });

  it('prints its four base URLs from the command line', async () => {
    const main = path.join(import.meta.dirname, 'main.ts');
    const child = execFile(process.execPath, ['--import', 'tsx', main, '--port', '0'], { cwd: REPO_ROOT });
    const lines = await new Promise<string[]>((resolve, reject) => {
      let out = '';
      child.stdout!.on('data', (chunk: string) => {
        out += chunk;
        if (out.split('\n').length > 4) resolve(out.trim().split('\n'));
      });
      child.on('exit', (code) => reject(new Error(`main.ts exited with ${code}: ${out}`)));
    });
    child.kill('SIGTERM');
    expect(lines.map((line) => line.split('=')[0])).toEqual(['NSE_WWW_URL', 'NSE_ARCHIVES_URL', 'BSE_WWW_URL', 'BSE_API_URL']);
    expect(lines[0]).toMatch(/^NSE_WWW_URL=http:\/\/127\.0\.0\.1:\d+\/nse-www$/);
  });
});

describeWithSharedData('exchange replay: the shared corpus byte for byte at the real paths', () => {
  let replay: ReplayServer;
  beforeAll(async () => {
    replay = await startExchangeReplay({ nseCookie: false, burst429: false });
  });
  afterAll(async () => {
    await replay.close();
  });
  const same = async (url: string, expected: Uint8Array) => {
    const { status, bytes } = await bytesOf(url);
    expect(status).toBe(200);
    expect(Buffer.compare(bytes, expected)).toBe(0);
  };

  it("serves NSE's own zip of the legacy bhavcopy", async () => {
    await same(`${replay.urls.NSE_ARCHIVES_URL}${LEGACY_PATH}`, shared('real/bhavcopy/cm06JAN2021bhav.csv.zip'));
  });

  it('serves each full bhavcopy under the trade date of its DATE1 column', async () => {
    await same(
      `${replay.urls.NSE_ARCHIVES_URL}/products/content/sec_bhavdata_full_30082019.csv`,
      shared('real/bhavcopy/sec_bhavdata_full.csv'),
    );
    await same(
      `${replay.urls.NSE_ARCHIVES_URL}/products/content/sec_bhavdata_full_01122022.csv`,
      shared('real/bhavcopy/sec_bhavdata_full_01Dec2022bhav.csv'),
    );
  });

  it("serves NSE's reference lists and the recorded shareholding master", async () => {
    const snapshot = 'exchange/api/nse/content-equities/2026-08-08';
    await same(`${replay.urls.NSE_ARCHIVES_URL}/content/equities/EQUITY_L.csv`, shared(`${snapshot}/EQUITY_L.csv`));
    await same(`${replay.urls.NSE_ARCHIVES_URL}/content/equities/symbolchange.csv`, shared(`${snapshot}/symbolchange.csv`));
    expect((await bytesOf(`${replay.urls.NSE_ARCHIVES_URL}/content/equities/namechange.csv`)).status).toBe(404);
    await same(
      `${replay.urls.NSE_WWW_URL}/api/corporate-share-holdings-master?index=equities`,
      shared('exchange/api/nse/corporate-share-holdings-master/corporate-share-holdings-master_20261006.json'),
    );
  });

  it("answers the recorded results window with the recorded rows, in the recorded order, and serves the corpus's XBRL", async () => {
    const recorded = 'exchange/api/nse/corporates-financial-results/corporates-financial-results_Quarterly_20260701_20260903.json';
    const rows = await rowsOf(resultsUrl(replay, '01-07-2026', '03-09-2026'));
    expect(rows).toEqual(JSON.parse(new TextDecoder().decode(shared(recorded))));
    await same(
      `${replay.urls.NSE_ARCHIVES_URL}/corporate/xbrl/INDAS_101017_1017396_11012024084148.xml`,
      shared('real/nse_filings/xbrl/tcs/11Jan2024_2041_INDAS_101017_1017396_11012024084148.xml'),
    );
  });

  it('pages the integrated filings and serves their XBRL', async () => {
    const url = `${replay.urls.NSE_WWW_URL}/api/integrated-filing-results?index=equities&from_date=01-05-2025&to_date=31-05-2025&page=1`;
    const page = (await (await fetch(url)).json()) as { data: Array<{ xbrl: string }>; size: number; page: number; totalCount: number };
    expect(page).toMatchObject({ size: 20, page: 0 });
    expect(page.data).toHaveLength(20);
    const name = 'INTEGRATED_FILING_NONINDAS_1461661_31052025042804_WEB.xml';
    expect(page.data.some((row) => row.xbrl.endsWith(name))).toBe(true);
    await same(`${replay.urls.NSE_ARCHIVES_URL}/corporate/xbrl/${name}`, shared(`exchange/integrated_filings/${name}`));
  });

  it("serves BSE's recorded per-scrip corporate actions", async () => {
    await same(
      `${replay.urls.BSE_API_URL}/BseIndiaAPI/api/DefaultData/w?ddlcategorys=E&ddlindustrys=&scripcode=500325&segment=0&strSearch=S`,
      shared('exchange/api/bse/DefaultData/defaultdata_500325.json'),
    );
  });
});
