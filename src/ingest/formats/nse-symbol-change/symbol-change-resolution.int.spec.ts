import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../../../test/support/databases.ts';
import { givenIngestion } from '../../../../test/support/ingestion-harness.ts';
import type { InputFile } from '#ingest/sources/read-inputs';
import { resolveCompany } from '#read/identity/resolve-company';
import { withHistories } from '#projections/companies/queries';

const file = (fileName: string, text: string, knownAt: string): InputFile => {
  const bytes = new TextEncoder().encode(text);
  return { fileName, origin: fileName, knownAt, read: async () => bytes, readHead: async () => bytes };
};

// One row of NSE's equity master of 2026-08-08 and one line of its symbolchange.csv (both real).
const MASTER = [
  'SYMBOL,NAME OF COMPANY, SERIES, DATE OF LISTING, PAID UP VALUE, MARKET LOT, ISIN NUMBER, FACE VALUE',
  'ETERNAL,ETERNAL LIMITED,EQ,23-JUL-2021,1,1,INE758T01015,1',
  '',
].join('\n');
const CHANGE = 'ETERNAL LIMITED,ZOMATO,ETERNAL,09-APR-2025\n';

describeEachDatabase('a symbol change as identity', (database) => {
  const ingestion = givenIngestion(database);

  it('resolves the old symbol to the company the new one names, and shows it in its history', async () => {
    const summary = await ingestion.ingest([
      file('EQUITY_L.csv', MASTER, '2026-08-08T12:30:00.000Z'),
      file('symbolchange.csv', CHANGE, '2026-08-08T12:30:00.000Z'),
    ]);
    expect(summary).toMatchObject({ failed: 0 });
    await ingestion.harness.project();
    const { db } = ingestion.harness;
    const eternal = await resolveCompany(db, 'NSE:ETERNAL');
    expect(eternal?.name).toMatch(/^eternal limited$/i);
    expect((await resolveCompany(db, 'NSE:ZOMATO'))?.id).toBe(eternal?.id);
    expect((await resolveCompany(db, 'ZOMATO'))?.id).toBe(eternal?.id);
    const [profile] = await withHistories(db, eternal ? [eternal] : []);
    expect(profile?.identifiers).toContainEqual(
      expect.objectContaining({ scheme: 'nse', value: 'ZOMATO', last_seen: '2025-04-08', linked_by: 'symbol_change' }),
    );
  });
});
