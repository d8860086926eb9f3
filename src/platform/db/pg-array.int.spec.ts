import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../test/support/databases.ts';
import type { Database } from './db.ts';
import { toPgArray } from './pg-array.ts';

describeEachDatabase('toPgArray', (database) => {
  let db: Database;
  beforeAll(async () => {
    db = await database.open();
  });
  afterAll(() => db.close());

  const roundTrip = async (values: (string | null)[]) => {
    const { rows } = await db.query<{ v: string | null; n: number }>(
      'select v, n::int from unnest($1::text[]) with ordinality as u(v, n) order by n',
      [toPgArray(values)],
    );
    return rows.map((r) => r.v);
  };

  it('round-trips plain values written bare', async () => {
    const values = ['plain', 'M&M', 'in-bse-fin:Revenue', '-12.50', 'ünïcödé₹', null, 'NULLABLE'];
    expect(toPgArray(values)).toBe('{plain,M&M,in-bse-fin:Revenue,-12.50,ünïcödé₹,NULL,NULLABLE}');
    expect(await roundTrip(values)).toEqual(values);
  });

  it.each([
    ['a comma', ['a,b', 'c']],
    ['braces', ['{braces}', 'x']],
    ['white space', [' spaced ', 'tab\there', 'new\nline']],
    ['a text that reads as NULL', ['NULL', 'null', 'x']],
    ['a quote', ['quote " inside']],
    ['a backslash', ['back\\slash', 'both \\"']],
    ['an empty string', ['', 'x', '']],
    ['a single empty string', ['']],
  ])('round-trips values with %s exactly, element for element', async (_, values) => {
    const withNull = [...values, null];
    expect(await roundTrip(withNull)).toEqual(withNull);
  });

  it('writes an empty array', async () => {
    expect(toPgArray([])).toBe('{}');
    expect(await roundTrip([])).toEqual([]);
  });

  it('casts to typed arrays: exact decimals, dates, instants, uuids', async () => {
    const { rows } = await db.query<{ d: string; day: string; at: Date; id: string }>(
      `select d::text as d, day::text as day, at, id::text as id
       from unnest($1::numeric[], $2::date[], $3::timestamptz[], $4::uuid[]) as u(d, day, at, id)`,
      [
        toPgArray(['-1234567890.123456789', '0.10']),
        toPgArray(['2024-03-31', '2023-12-31']),
        toPgArray([new Date('2024-05-12T12:00:00.123Z'), '2023-05-10T12:00:00+05:30']),
        toPgArray(['6f1c2a52-5d0e-4b8e-9a51-3c1b7f0e2d44', null]),
      ],
    );
    expect(rows).toEqual([
      {
        d: '-1234567890.123456789',
        day: '2024-03-31',
        at: new Date('2024-05-12T12:00:00.123Z'),
        id: '6f1c2a52-5d0e-4b8e-9a51-3c1b7f0e2d44',
      },
      { d: '0.10', day: '2023-12-31', at: new Date('2023-05-10T06:30:00.000Z'), id: null },
    ]);
  });
});
