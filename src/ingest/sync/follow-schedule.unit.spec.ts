import { describe, expect, it } from 'vitest';
import { istInstant } from '#platform/time/ist';
import type { Dataset, DatasetIo } from './datasets/dataset.ts';
import { nseBhavcopyFull, nseBhavcopyLegacy } from './datasets/nse-bhavcopies.ts';
import { nseAnnouncements, nseCorporateActions } from './datasets/nse-disclosures.ts';
import { nseShareholding } from './datasets/nse-shareholding.ts';
import { nseReference } from './datasets/reference-lists.ts';
import { dueUnits, lastQuarterEnd } from './follow-schedule.ts';
import type { SyncProgress, UnitProgress, UnitState } from './sync-progress.ts';

/** An IST wall-clock time as epoch milliseconds. */
const ist = (date: string, hhmm: string) => {
  const [h, m] = hhmm.split(':').map(Number) as [number, number];
  return istInstant(date, h * 3600 + m * 60);
};
const isoIst = (date: string, hhmm: string) => new Date(ist(date, hhmm)).toISOString();

interface Row {
  readonly state: UnitState;
  readonly triedAt?: string;
  readonly nextDue?: string;
  readonly lastOutcome?: string;
}

/** Progress as the table would hold it; dueUnits reads it through `units()` only. */
function progressOf(rows: Readonly<Record<string, Row>>): SyncProgress {
  const units = (dataset: string, keys: readonly string[]) =>
    Promise.resolve(
      new Map(
        keys.flatMap((key): Array<[string, UnitProgress]> => {
          const row = rows[key];
          if (!row) return [];
          return [
            [
              key,
              {
                dataset,
                unit: key,
                state: row.state,
                lastOutcome: row.lastOutcome ?? (row.state === 'done' || row.state === 'open' ? 'fetched' : null),
                lastError: null,
                attempts: 1,
                failures: 0,
                documents: 0,
                fetchedAt: row.triedAt ?? null,
                triedAt: row.triedAt ?? null,
                nextDue: row.nextDue ?? null,
              },
            ],
          ];
        }),
      ),
    );
  return { units } as Pick<SyncProgress, 'units'> as SyncProgress;
}

const io = { nseSymbols: () => Promise.resolve(['TCS', 'INFY']) } as Pick<DatasetIo, 'nseSymbols'> as DatasetIo;

const due = async (dataset: Dataset, now: number, rows: Readonly<Record<string, Row>> = {}) =>
  (await dueUnits(dataset, now, io, progressOf(rows))).map(({ unit, refetch }) => ({ key: unit.key, refetch }));
const keys = async (dataset: Dataset, now: number, rows: Readonly<Record<string, Row>> = {}) =>
  (await due(dataset, now, rows)).map((d) => d.key);

// 2025-01-06 is a Monday; the five sessions before it are 2024-12-30 .. 2025-01-03.
const MONDAY = '2025-01-06';
const RECENT = ['2024-12-30', '2024-12-31', '2025-01-01', '2025-01-02', '2025-01-03'];
const settledRecent = (triedAt: string) => Object.fromEntries(RECENT.map((day) => [day, { state: 'done' as const, triedAt }]));

describe('dueUnits: session files', () => {
  // The legacy bhavcopy's rule on a dataset still published (no `until`).
  const legacyRule: Dataset = { ...nseBhavcopyFull, name: nseBhavcopyLegacy.name, follow: nseBhavcopyLegacy.follow };
  const datasets: Dataset[] = [nseBhavcopyFull, legacyRule];

  it.each(datasets.map((d) => [d.name, d] as const))(
    '%s: today is not due before 18:15 IST and is due from then',
    async (_name, dataset) => {
      const rows = settledRecent(isoIst('2025-01-05', '20:00'));
      expect(await keys(dataset, ist(MONDAY, '18:14'), rows)).toEqual([]);
      expect(await due(dataset, ist(MONDAY, '18:15'), rows)).toContainEqual({ key: MONDAY, refetch: false });
      expect(await keys(dataset, ist(MONDAY, '23:59'), rows)).toContain(MONDAY);
    },
  );

  it('never asks for a Saturday or Sunday', async () => {
    const all = await keys(nseBhavcopyFull, ist('2025-01-04', '19:00'));
    expect(all).toEqual(['2024-12-30', '2024-12-31', '2025-01-01', '2025-01-02', '2025-01-03']);
  });

  it('fetches the recent settled sessions once more each evening, and not again that evening', async () => {
    const rows = settledRecent(isoIst('2025-01-03', '18:40'));
    expect(await due(nseBhavcopyFull, ist(MONDAY, '12:00'), rows)).toEqual([]);
    const evening = await due(nseBhavcopyFull, ist(MONDAY, '18:20'), rows);
    expect(evening.filter((d) => d.key !== MONDAY)).toEqual(RECENT.map((key) => ({ key, refetch: true })));
    const rechecked = settledRecent(isoIst(MONDAY, '18:21'));
    expect(await keys(nseBhavcopyFull, ist(MONDAY, '22:00'), rechecked)).toEqual([MONDAY]);
  });

  it('looks again for a file not yet published every 15 minutes, never sooner', async () => {
    const rows = {
      ...settledRecent(isoIst(MONDAY, '18:16')),
      [MONDAY]: { state: 'pending' as const, triedAt: isoIst(MONDAY, '18:16'), lastOutcome: 'not-published' },
    };
    expect(await keys(nseBhavcopyFull, ist(MONDAY, '18:30'), rows)).toEqual([]);
    expect(await due(nseBhavcopyFull, ist(MONDAY, '18:31'), rows)).toEqual([{ key: MONDAY, refetch: false }]);
  });

  it('fetches today’s file once it is had, and not again the same evening', async () => {
    // A run leaves today's unit open (its unit reaches today), with the file fetched.
    const rows = { ...settledRecent(isoIst(MONDAY, '18:16')), [MONDAY]: { state: 'open' as const, triedAt: isoIst(MONDAY, '18:45') } };
    expect(await keys(nseBhavcopyFull, ist(MONDAY, '19:30'), rows)).toEqual([]);
    expect(await keys(nseBhavcopyFull, ist(MONDAY, '23:50'), rows)).toEqual([]);
  });

  it('fetches yesterday’s file, left open the evening it was had, once more the next evening', async () => {
    const rows = { ...settledRecent(isoIst(MONDAY, '18:16')), [MONDAY]: { state: 'open' as const, triedAt: isoIst(MONDAY, '18:45') } };
    expect(await keys(nseBhavcopyFull, ist('2025-01-07', '10:00'), rows)).toEqual([]);
    expect(await due(nseBhavcopyFull, ist('2025-01-07', '18:20'), rows)).toContainEqual({ key: MONDAY, refetch: true });
  });
});

describe('dueUnits: intraday announcements', () => {
  const today = (triedAt: string) => ({
    '2025-01-05': { state: 'open' as const, triedAt: isoIst(MONDAY, '00:05') },
    [MONDAY]: { state: 'open' as const, triedAt: isoIst(MONDAY, triedAt) },
  });

  it('looks every 2 minutes between 09:00 and 18:30 IST', async () => {
    expect(await keys(nseAnnouncements, ist(MONDAY, '10:01'), today('10:00'))).toEqual([]);
    expect(await due(nseAnnouncements, ist(MONDAY, '10:02'), today('10:00'))).toEqual([{ key: MONDAY, refetch: true }]);
    expect(await keys(nseAnnouncements, ist(MONDAY, '18:29'), today('18:27'))).toEqual([MONDAY]);
  });

  it('looks hourly outside those hours', async () => {
    expect(await keys(nseAnnouncements, ist(MONDAY, '08:59'), today('08:00'))).toEqual([]);
    expect(await keys(nseAnnouncements, ist(MONDAY, '09:00'), today('08:00'))).toEqual([MONDAY]);
    expect(await keys(nseAnnouncements, ist(MONDAY, '19:29'), today('18:30'))).toEqual([]);
    expect(await keys(nseAnnouncements, ist(MONDAY, '19:30'), today('18:30'))).toEqual([MONDAY]);
  });

  it('looks at yesterday once more after midnight', async () => {
    const rows = { '2025-01-05': { state: 'open' as const, triedAt: isoIst('2025-01-05', '23:30') } };
    expect(await due(nseAnnouncements, ist(MONDAY, '00:10'), rows)).toEqual([
      { key: '2025-01-05', refetch: true },
      { key: MONDAY, refetch: true },
    ]);
    const looked = { ...rows, '2025-01-05': { state: 'open' as const, triedAt: isoIst(MONDAY, '00:10') } };
    expect(await keys(nseAnnouncements, ist(MONDAY, '00:20'), looked)).toEqual([MONDAY]);
  });
});

describe('dueUnits: corporate actions window', () => {
  it('looks daily over 30 days back to 90 ahead', async () => {
    const key = 'follow:2024-12-07..2025-04-06';
    expect(await due(nseCorporateActions, ist(MONDAY, '06:00'))).toEqual([{ key, refetch: true }]);
    const looked = { [key]: { state: 'open' as const, triedAt: isoIst(MONDAY, '06:00') } };
    expect(await keys(nseCorporateActions, ist(MONDAY, '23:59'), looked)).toEqual([]);
    const yesterday = { 'follow:2024-12-06..2025-04-05': { state: 'open' as const, triedAt: isoIst('2025-01-05', '06:00') } };
    expect(await keys(nseCorporateActions, ist(MONDAY, '06:00'), yesterday)).toEqual([key]);
  });
});

describe('dueUnits: daily snapshots', () => {
  it('takes a snapshot once a day', async () => {
    expect(await due(nseReference, ist(MONDAY, '07:00'))).toEqual([{ key: `snapshot:${MONDAY}`, refetch: false }]);
    const taken = { [`snapshot:${MONDAY}`]: { state: 'open' as const, triedAt: isoIst(MONDAY, '07:00') } };
    expect(await keys(nseReference, ist(MONDAY, '23:00'), taken)).toEqual([]);
    expect(await keys(nseReference, ist('2025-01-07', '00:01'), taken)).toEqual(['snapshot:2025-01-07']);
  });

  it('tries a failed snapshot again when it is due', async () => {
    const failed = {
      state: 'pending' as const,
      triedAt: isoIst(MONDAY, '07:00'),
      nextDue: isoIst(MONDAY, '07:15'),
      lastOutcome: 'blocked',
    };
    expect(await keys(nseReference, ist(MONDAY, '07:10'), { [`snapshot:${MONDAY}`]: failed })).toEqual([]);
    expect(await keys(nseReference, ist(MONDAY, '07:15'), { [`snapshot:${MONDAY}`]: failed })).toEqual([`snapshot:${MONDAY}`]);
  });
});

describe('dueUnits: shareholding per symbol', () => {
  const tried = (at: number) => ({
    'symbol:TCS': { state: 'open' as const, triedAt: new Date(at).toISOString() },
    'symbol:INFY': { state: 'open' as const, triedAt: new Date(at).toISOString() },
  });
  const DAY = 86_400_000;

  it('looks daily within 60 days after a quarter end', async () => {
    const now = ist('2025-02-20', '10:00');
    expect(await keys(nseShareholding, now, tried(now - 23 * 3_600_000))).toEqual([]);
    expect(await keys(nseShareholding, now, tried(now - DAY))).toEqual(['symbol:TCS', 'symbol:INFY']);
  });

  it('looks monthly otherwise', async () => {
    const now = ist('2025-03-15', '10:00');
    expect(await keys(nseShareholding, now, tried(now - 2 * DAY))).toEqual([]);
    expect(await keys(nseShareholding, now, tried(now - 29 * DAY))).toEqual([]);
    expect(await keys(nseShareholding, now, tried(now - 30 * DAY))).toEqual(['symbol:TCS', 'symbol:INFY']);
  });

  it('covers the quarters of the last year up to today, one unit per symbol', async () => {
    const [unit] = await dueUnits(nseShareholding, ist('2025-02-20', '10:00'), io, progressOf({}));
    expect(unit?.unit).toEqual({ key: 'symbol:TCS', from: '2023-12-31', to: '2025-02-20', symbol: 'TCS' });
  });
});

describe('lastQuarterEnd', () => {
  it.each([
    ['2025-03-31', '2025-03-31'],
    ['2025-03-30', '2024-12-31'],
    ['2025-04-01', '2025-03-31'],
    ['2025-01-01', '2024-12-31'],
    ['2024-12-31', '2024-12-31'],
    ['2025-06-30', '2025-06-30'],
    ['2025-07-01', '2025-06-30'],
    ['2025-09-29', '2025-06-30'],
    ['2025-09-30', '2025-09-30'],
    ['2025-12-30', '2025-09-30'],
  ])('%s → %s', (date, end) => {
    expect(lastQuarterEnd(date)).toBe(end);
  });
});
