import { describe, expect, it } from 'vitest';
import { hasColumns, headerCells } from './header-cells.ts';
import { readCsvTable } from './read-csv-table.ts';

const bytes = (text: string) => new TextEncoder().encode(text);

describe('readCsvTable', () => {
  it('reads ragged CRLF rows with a byte-order mark and numbers records by their first line', () => {
    const table = readCsvTable(bytes('\uFEFFa,b\r\n1,2,\r\n\r\n"x\ny",3\r\n4,5\r\n'));
    expect(table).toEqual({
      header: ['a', 'b'],
      records: [
        { line: 2, cells: ['1', '2', ''] },
        { line: 4, cells: ['x\ny', '3'] },
        { line: 6, cells: ['4', '5'] },
      ],
      problems: [],
    });
  });

  it('turns an unclosed quote into a problem instead of an exception', () => {
    const table = readCsvTable(bytes('a,b\n1,2\n3,"4\n'));
    expect('records' in table && table.records).toEqual([{ line: 2, cells: ['1', '2'] }]);
    expect('problems' in table && table.problems).toEqual([{ where: 'line 3', message: expect.stringContaining('Quote Not Closed') }]);
  });

  it('says an empty file has no header', () => {
    expect(readCsvTable(bytes(''))).toEqual({ error: 'the file is empty: expected a header line and rows' });
  });
});

describe('headerCells', () => {
  it("compares BSE's header with its stray TAB and NSE's with its leading spaces", () => {
    expect(hasColumns(headerCells('Security Code,BC Start Date, BC End Date\t,X\r\n1,2'), ['BC End Date'])).toBe(true);
    expect(headerCells('SYMBOL,NAME OF COMPANY, SERIES\n')).toEqual(['SYMBOL', 'NAME OF COMPANY', 'SERIES']);
    expect(hasColumns(headerCells('{"scrip_code": 500325, "Purpose": "Bonus 1:1"}'), ['SYMBOL'])).toBe(false);
  });
});
