import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import type { Fact } from '#schemas/read-models/fact';
import { csvField, FACT_CSV_COLUMNS, FACT_CSV_HEADER, factCsvRows } from './fact-csv.ts';

const FACT: Fact = {
  company: {
    id: '0b6c1a52-0d0c-4b8e-9a57-3f4f1b1b2c3d',
    name: 'Quote "and", Comma Ltd',
    nse_symbol: 'QCL',
    bse_code: null,
    isin: null,
    cin: '',
  },
  concept: 'Revenue',
  basis: 'consolidated',
  period: { type: 'instant', start: null, end: '2024-03-31', fiscal_year: 2024, fiscal_quarter: 4 },
  value: '-1234.50',
  unit: 'INR',
  decimals: -5,
  scale: 'crore',
  filing_id: '7d4a8e2c-1f3b-4c5d-8e9f-0a1b2c3d4e5f',
  document_type: 'financial_results',
  source_url: 'https://example.test/a,b',
  element: 'in-bse-fin:Line\nBreak',
  known_at: '2025-01-28T06:20:59.000Z',
  recorded_at: '2025-01-28T06:21:00.000Z',
  revision_number: 0,
};

describe('the CSV of facts', () => {
  it('quotes a field only when it holds a comma, quote or line break, doubling quotes', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\r\nlines')).toBe('"two\r\nlines"');
    expect(csvField('=SUM(A1)')).toBe('=SUM(A1)');
    expect(csvField(-5)).toBe('-5');
    expect(csvField(0)).toBe('0');
  });

  it('writes null as an empty field and the empty string as "", so they stay apart', () => {
    expect(csvField(null)).toBe('');
    expect(csvField('')).toBe('""');
  });

  it('has a column for every field of a fact, nested ones by their path, in the order of the fact', () => {
    expect(FACT_CSV_COLUMNS.map((c) => c.name)).toEqual([
      ...['company.id', 'company.name', 'company.nse_symbol', 'company.bse_code', 'company.isin', 'company.cin'],
      ...['concept', 'basis', 'period.type', 'period.start', 'period.end', 'period.fiscal_year', 'period.fiscal_quarter'],
      ...['value', 'unit', 'decimals', 'scale', 'filing_id', 'document_type', 'source_url', 'element', 'known_at', 'recorded_at'],
      'revision_number',
    ]);
  });

  it('reads back, with an RFC 4180 parser, as the fact it was written from', () => {
    const text = FACT_CSV_HEADER + factCsvRows([FACT, FACT]);
    expect(text.split('\r\n').at(1)).toBe(
      '0b6c1a52-0d0c-4b8e-9a57-3f4f1b1b2c3d,"Quote ""and"", Comma Ltd",QCL,,,"",Revenue,consolidated,instant,,2024-03-31,2024,4,' +
        '-1234.50,INR,-5,crore,7d4a8e2c-1f3b-4c5d-8e9f-0a1b2c3d4e5f,financial_results,"https://example.test/a,b","in-bse-fin:Line\nBreak",' +
        '2025-01-28T06:20:59.000Z,2025-01-28T06:21:00.000Z,0',
    );
    const rows = parse<Record<string, string>>(text, { columns: true, record_delimiter: '\r\n' });
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({
      'company.name': 'Quote "and", Comma Ltd',
      'company.bse_code': '',
      'period.start': '',
      value: '-1234.50',
      source_url: 'https://example.test/a,b',
      element: 'in-bse-fin:Line\nBreak',
      known_at: '2025-01-28T06:20:59.000Z',
    });
  });
});
