import { describe, expect, it } from 'vitest';
import { extractPeriod } from './extract-period.ts';

const TODAY = '2025-02-10'; // Q4 FY2025
const read = (text: string, today?: string) => {
  const { fiscalYear, fiscalQuarter, period, latest } = extractPeriod(text, today);
  return { fiscalYear, fiscalQuarter, period, latest };
};
const year = (fiscalYear: number, period = 'annual') => ({ fiscalYear, fiscalQuarter: null, period, latest: false });
const quarter = (fiscalYear: number | null, fiscalQuarter: number) => ({ fiscalYear, fiscalQuarter, period: 'quarterly', latest: false });

describe('extractPeriod: written periods', () => {
  it.each([
    ['FY24', year(2024)],
    ["FY'24", year(2024)],
    ['FY 24', year(2024)],
    ['FY2024', year(2024)],
    ['FY 2023-24', year(2024)],
    ['FY23-24', year(2024)],
    ['F.Y. 2023-24', year(2024)],
    ['fiscal 2024', year(2024)],
    ['financial year 2023-24', year(2024)],
    ['2023-24', year(2024)],
    ['1999-00', year(2000)],
    ['FY99', year(1999)],
    ['year ended 31 March 2023', year(2023)],
    ['year ended March 31, 2023', year(2023)],
    ['financial year ending 2024-03-31', year(2024)],
    ['FY ended March 2024', year(2024)],
    ['year ended 31 December 2023', year(2023)],
    ['Q3 FY24', quarter(2024, 3)],
    ['Q3FY2024', quarter(2024, 3)],
    ['3QFY25', quarter(2025, 3)],
    ['Q1 of FY 2023-24', quarter(2024, 1)],
    ['Q2 2023-24', quarter(2024, 2)],
    ['FY24 Q4', quarter(2024, 4)],
    ['second quarter of FY2024', quarter(2024, 2)],
    ['third quarter of 2023-24', quarter(2024, 3)],
    ['last quarter of FY24', quarter(2024, 4)],
    ['December 2023 quarter', quarter(2024, 3)],
    ["Dec'23 quarter", quarter(2024, 3)],
    ['Dec-23 quarter', quarter(2024, 3)],
    ['June quarter of 2024', quarter(2025, 1)],
    ['quarter ended 31 March 2024', quarter(2024, 4)],
    ['quarter ended September 30, 2023', quarter(2024, 2)],
    ['quarter ending 2023-12-31', quarter(2024, 3)],
    ['the December quarter', quarter(null, 3)],
    ['Q3', quarter(null, 3)],
    ['Q3 results in FY24', quarter(2024, 3)],
    ['H1 FY24', year(2024, 'any')],
    ['9MFY25', year(2025, 'any')],
    ['9M FY 2024-25', year(2025, 'any')],
    ['nine months of FY25', year(2025, 'any')],
    ['FY23 vs FY24', year(2024)],
    ['quarterly revenue in FY24', year(2024, 'quarterly')],
    ['Q5 FY24', year(2024)],
  ])('%s', (text, expected) => {
    expect(read(text)).toEqual(expected);
  });

  it.each(['2024-05-01', 'FY2023-25', 'FY3000', 'revenue in 2023', 'FYI 24'])('reads no fiscal year in %j', (text) => {
    expect(read(text).fiscalYear).toBeNull();
  });

  it('says why a calendar year is not a fiscal year, and which year of several it used', () => {
    expect(extractPeriod('revenue in 2023').notes).toEqual([
      '"2023" is a calendar year, not read as a fiscal year (FY2023 and FY2024 both overlap it)',
    ]);
    expect(extractPeriod('FY23 vs FY24').notes).toEqual([
      'FY2023 also named: a plan holds one fiscal year, the latest is used',
      'period: FY2024',
    ]);
  });
});

describe('extractPeriod: relative to today, and latest', () => {
  it.each([
    ['last quarter', TODAY, quarter(2025, 3)],
    ['previous quarter', '2024-05-20', quarter(2024, 4)],
    ['last quarter', '2024-04-01', quarter(2024, 4)],
    ['this quarter', TODAY, quarter(2025, 4)],
    ['last year', TODAY, year(2024)],
    ['last fiscal year', '2024-04-01', year(2024)],
    ['this year', TODAY, year(2025)],
    ['current fiscal', '2024-04-01', year(2025)],
    ['last quarter', undefined, { fiscalYear: null, fiscalQuarter: null, period: 'quarterly', latest: true }],
    ['latest quarter', TODAY, { fiscalYear: null, fiscalQuarter: null, period: 'quarterly', latest: true }],
    ['latest annual', TODAY, { fiscalYear: null, fiscalQuarter: null, period: 'annual', latest: true }],
    ['latest', TODAY, { fiscalYear: null, fiscalQuarter: null, period: null, latest: true }],
    ['most recent', TODAY, { fiscalYear: null, fiscalQuarter: null, period: null, latest: true }],
    ['last 8 quarters', TODAY, { fiscalYear: null, fiscalQuarter: null, period: 'quarterly', latest: false }],
    ['past five years', TODAY, { fiscalYear: null, fiscalQuarter: null, period: 'annual', latest: false }],
    ['FY24 compared with last year', TODAY, year(2024)],
  ])('%s (today %s)', (text, today, expected) => {
    expect(read(text, today)).toEqual(expected);
  });

  it('explains "last quarter"', () => {
    expect(extractPeriod('last quarter', TODAY).notes).toContain('last quarter: the last completed fiscal quarter before today, Q3 FY2025');
  });

  it('leaves "current tax" to the concepts', () => {
    expect(read('current tax')).toEqual({ fiscalYear: null, fiscalQuarter: null, period: null, latest: false });
  });
});
