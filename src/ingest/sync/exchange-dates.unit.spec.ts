import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_INGEST_LIMITS } from '#platform/config/config';
import { REPO_ROOT } from '../../../test/support/parse-input.ts';
import { describeWithExchangeData, describeWithSharedData, EXCHANGE_DATA, SHARED_DATA } from '../../../test/support/shared-data.ts';
import { openArchive } from '#ingest/sources/zip-archive';
import { ddmmyyyy, ddmmyyyyDashed, legacyBhavcopyDate, yyyymmdd } from './exchange-dates.ts';
import { nseBhavcopyLegacy } from './datasets/nse-bhavcopies.ts';
import { sessionUnits, windowUnits } from './datasets/units.ts';
import { bhavcopyTradeDate } from './trade-date.ts';

describe('exchange URL dates', () => {
  it('spells an ISO date as each URL layout does', () => {
    expect(ddmmyyyyDashed('2021-01-06')).toBe('06-01-2021');
    expect(ddmmyyyy('2021-01-06')).toBe('06012021');
    expect(yyyymmdd('2021-01-06')).toBe('20210106');
    expect(legacyBhavcopyDate('2021-01-06')).toEqual({ year: '2021', month: 'JAN', name: '06JAN2021' });
    expect(legacyBhavcopyDate('2019-12-31')).toEqual({ year: '2019', month: 'DEC', name: '31DEC2019' });
  });

  it('puts a legacy bhavcopy under its year and month', () => {
    const unit = { key: '2021-01-06', from: '2021-01-06', to: '2021-01-06' };
    const io = { urlAt: (_host: string, p: string) => `https://nsearchives.nseindia.com${p}` };
    expect(nseBhavcopyLegacy.urls(unit, io as Parameters<typeof nseBhavcopyLegacy.urls>[1])).toEqual([
      'https://nsearchives.nseindia.com/content/historical/EQUITIES/2021/JAN/cm06JAN2021bhav.csv.zip',
    ]);
  });
});

describe('sessionUnits', () => {
  it('gives each weekday and skips Saturdays and Sundays', () => {
    expect(sessionUnits('2021-01-01', '2021-01-12').map((u) => u.key)).toEqual([
      '2021-01-01',
      '2021-01-04',
      '2021-01-05',
      '2021-01-06',
      '2021-01-07',
      '2021-01-08',
      '2021-01-11',
      '2021-01-12',
    ]);
    expect(sessionUnits('2021-01-09', '2021-01-10')).toEqual([]);
    expect(sessionUnits('2021-01-06', '2021-01-06')).toEqual([{ key: '2021-01-06', from: '2021-01-06', to: '2021-01-06', final: true }]);
  });
});

describe('windowUnits', () => {
  const spans = (from: string, to: string, months: number) => windowUnits(from, to, months).map((u) => `${u.from}..${u.to}`);

  it('splits at calendar months and cuts the last at `to`', () => {
    expect(spans('2024-01-15', '2024-03-10', 1)).toEqual(['2024-01-15..2024-01-31', '2024-02-01..2024-02-29', '2024-03-01..2024-03-10']);
    expect(spans('2025-12-20', '2026-01-05', 1)).toEqual(['2025-12-20..2025-12-31', '2026-01-01..2026-01-05']);
  });

  it('splits at calendar quarters when asked for three months', () => {
    expect(spans('2025-02-10', '2025-08-20', 3)).toEqual(['2025-02-10..2025-03-31', '2025-04-01..2025-06-30', '2025-07-01..2025-08-20']);
    expect(spans('2024-10-01', '2025-03-31', 3)).toEqual(['2024-10-01..2024-12-31', '2025-01-01..2025-03-31']);
  });

  it('keys each window by its span and leaves no gap or overlap', () => {
    const units = windowUnits('2023-11-17', '2025-02-03', 3);
    for (const unit of units) expect(unit.key).toBe(`${unit.from}..${unit.to}`);
    for (let i = 1; i < units.length; i++) {
      expect(Date.parse(units[i]!.from) - Date.parse(units[i - 1]!.to)).toBe(86_400_000);
    }
    expect(units[0]?.from).toBe('2023-11-17');
    expect(units.at(-1)?.to).toBe('2025-02-03');
  });

  it.each([1, 3])('never makes a window wider than %i calendar month(s)', (months) => {
    const monthIndex = (date: string) => Number(date.slice(0, 4)) * 12 + Number(date.slice(5, 7)) - 1;
    for (const unit of windowUnits('2019-01-31', '2025-12-01', months)) {
      expect(unit.from <= unit.to).toBe(true);
      // Both ends in the same block of `months` calendar months.
      expect(Math.floor(monthIndex(unit.from) / months)).toBe(Math.floor(monthIndex(unit.to) / months));
    }
  });

  it('gives nothing for an empty range', () => {
    expect(windowUnits('2025-02-01', '2025-01-31', 1)).toEqual([]);
  });
});

const read = (...segments: string[]) => new Uint8Array(readFileSync(path.join(...segments)));

describe('bhavcopyTradeDate', () => {
  it('reads a legacy bhavcopy’s TIMESTAMP (sample-data, 06-JAN-2021)', () => {
    expect(bhavcopyTradeDate(read(REPO_ROOT, 'sample-data/prices/cm06JAN2021bhav.csv'))).toBe('2021-01-06');
  });

  it('says null for a file that states no date', () => {
    expect(bhavcopyTradeDate(new TextEncoder().encode('SYMBOL,SERIES,CLOSE\nTCS,EQ,3000\n'))).toBeNull();
  });
});

describeWithSharedData('bhavcopyTradeDate on the shared corpus', () => {
  it('reads a full bhavcopy’s DATE1 through its leading spaces and CRLF (01-Dec-2022)', () => {
    expect(bhavcopyTradeDate(read(SHARED_DATA, 'bhavcopy/sec_bhavdata_full_01Dec2022bhav.csv'))).toBe('2022-12-01');
    expect(bhavcopyTradeDate(read(SHARED_DATA, 'bhavcopy/sec_bhavdata_full.csv'))).toBe('2019-08-30');
  });

  it('says null for BSE’s legacy bhavcopy, which has no date column', () => {
    expect(bhavcopyTradeDate(read(SHARED_DATA, 'bhavcopy/EQ060521.CSV'))).toBeNull();
  });
});

describeWithExchangeData('bhavcopyTradeDate on a recorded UDiFF bhavcopy', () => {
  it('reads TradDt from the first CSV of the zip (2025-02-03)', () => {
    const archive = openArchive(
      read(EXCHANGE_DATA, 'bhavcopy_udiff/BhavCopy_NSE_FO_0_0_0_20250203_F_0000.csv.zip'),
      DEFAULT_INGEST_LIMITS,
      (name) => /\.csv$/i.test(name),
    );
    expect(archive.kind).toBe('members');
    const [first] = archive.kind === 'members' ? archive.members : [];
    expect(first?.name).toBe('BhavCopy_NSE_FO_0_0_0_20250203_F_0000.csv');
    expect(bhavcopyTradeDate(first!.head)).toBe('2025-02-03');
  });
});
