import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { generateDataset, type GeneratedFile } from './generate-dataset.ts';

const digest = (files: readonly GeneratedFile[]) => files.map((f) => `${f.path} ${createHash('sha256').update(f.bytes).digest('hex')}`);

describe('generateDataset', () => {
  const options = { companies: 12, years: 2, priceDays: 3 };

  it('is deterministic: the same options give byte-identical files and the same truth', () => {
    const first = generateDataset(options);
    const second = generateDataset(options);
    expect(digest(second.files)).toEqual(digest(first.files));
    expect(JSON.stringify(second.truth)).toEqual(JSON.stringify(first.truth));
  });

  it('gives other companies for another seed', () => {
    const one = generateDataset(options).truth.companies.map((c) => c.identity.isin);
    const two = generateDataset({ ...options, seed: 2 }).truth.companies.map((c) => c.identity.isin);
    expect(two.filter((isin) => one.includes(isin))).toEqual([]);
  });

  it('hands each file to onFile instead of returning it, and counts them', () => {
    const handed: GeneratedFile[] = [];
    const streamed = generateDataset(options, (file) => handed.push(file));
    expect(streamed.files).toEqual([]);
    expect(digest(handed)).toEqual(digest(generateDataset(options).files));
    expect(streamed.counts).toMatchObject({ companies: 12, files: handed.length });
  });

  it('lays the folder out as documented, with unique paths', () => {
    const { files, truth } = generateDataset(options);
    const paths = files.map((f) => f.path);
    expect(new Set(paths).size).toBe(paths.length);
    expect(paths).toEqual(
      expect.arrayContaining(['master/EQUITY_L.csv', 'master/Equity.csv', 'corporate_actions/Corporate_Actions.csv', 'README.md']),
    );
    expect(paths.filter((p) => p.startsWith('bhavcopy/'))).toEqual([
      'bhavcopy/BhavCopy_NSE_CM_0_0_0_20250327_F_0000.csv',
      'bhavcopy/BhavCopy_NSE_CM_0_0_0_20250328_F_0000.csv',
      'bhavcopy/BhavCopy_NSE_CM_0_0_0_20250331_F_0000.csv',
    ]);
    // Before 8 July 2024 NSE published the legacy bhavcopy.
    const legacy = generateDataset({ ...options, companies: 2, endDate: '2024-06-30' })
      .files.map((f) => f.path)
      .filter((p) => p.startsWith('bhavcopy/'));
    expect(legacy).toEqual(['bhavcopy/cm26JUN2024bhav.csv', 'bhavcopy/cm27JUN2024bhav.csv', 'bhavcopy/cm28JUN2024bhav.csv']);
    for (const { identity } of truth.companies) {
      expect(paths).toContain(`results/index/${identity.symbol.toLowerCase()}.json`);
      expect(paths).toContain(`shareholding/${identity.symbol}.csv`);
      expect(identity.symbol).toMatch(/^[A-Z0-9]{1,20}$/);
      expect(identity.bseCode).toMatch(/^9\d{5}$/);
    }
    const xbrl = paths.filter((p) => p.startsWith('results/xbrl/'));
    expect(xbrl.length).toBe(truth.companies.reduce((n, c) => n + c.filings.length, 0));
  });

  it('rejects options out of range', () => {
    expect(() => generateDataset({ endDate: '2025-03-30' })).toThrow(/quarter end/);
    expect(() => generateDataset({ companies: 0 })).toThrow();
  });
});
