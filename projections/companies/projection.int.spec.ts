import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { DomainEvent } from '../../schemas/events/catalogue.ts';
import { type InstrumentListed, InstrumentListedSchema } from '../../schemas/events/instrument.ts';
import { BseScripCodeSchema } from '../../schemas/common/primitives.ts';
import { givenCompanyRegistered, givenMetadata } from '../../test/support/builders.ts';
import { describeEachDatabase } from '../../test/support/databases.ts';
import { type Harness, openHarness } from '../../test/support/service-harness.ts';
import type { NewEvent } from '../../src/event-store/event-store.ts';
import { getCompany, resolveCompany } from './queries.ts';
import { INSTRUMENTS } from './tables.ts';

describeEachDatabase('companies projection', (database) => {
  let harness: Harness;
  const registered = givenCompanyRegistered(
    {
      name: 'Reliance Industries Limited',
      nseSymbol: 'RELIANCE',
      isin: 'INE002A01018',
      cin: 'L17110MH1973PLC019786',
      sector: 'Oil Gas & Consumable Fuels',
    },
    '2020-01-01T00:00:00.000Z',
  );
  const companyId = registered.data.companyId;
  const bseListing: NewEvent<DomainEvent> & { data: InstrumentListed } = {
    id: randomUUID(),
    type: 'InstrumentListed',
    data: InstrumentListedSchema.parse({
      instrumentId: randomUUID(),
      companyId,
      exchange: 'BSE',
      segment: 'Equity',
      type: 'equity',
      ticker: '500325',
      isin: 'INE002A01018',
      name: 'RELIANCE INDUSTRIES LTD.',
      series: null,
      faceValue: '10.00',
      listingDate: null,
      status: 'listed',
    }),
    metadata: givenMetadata({ knownAt: '2020-01-02T00:00:00.000Z' }),
  };

  beforeAll(async () => {
    harness = await openHarness(database);
    await harness.store.appendToStream(`company-${companyId}`, [registered]);
    await harness.store.appendToStream(`instrument-${bseListing.data.instrumentId}`, [bseListing]);
    await harness.store.appendToStream(`company-${companyId}`, [
      {
        id: randomUUID(),
        type: 'CompanyUpdated',
        data: { companyId, changes: { industry: 'Refineries & Marketing', bseCode: BseScripCodeSchema.parse('500325') } },
        metadata: givenMetadata({ knownAt: '2021-06-01T00:00:00.000Z' }),
      },
    ]);
    await harness.project();
  });
  afterAll(() => harness.close());

  it('resolves the company exactly by every identifier form', async () => {
    for (const reference of [
      'RELIANCE',
      'NSE:RELIANCE',
      'nse:reliance',
      'BSE:500325',
      '500325',
      'INE002A01018',
      'L17110MH1973PLC019786',
      companyId,
      companyId.toUpperCase(),
    ]) {
      expect((await resolveCompany(harness.db, reference))?.id, reference).toBe(companyId);
    }
  });

  it('resolves nothing for an unknown or merely similar reference', async () => {
    for (const reference of ['RELIANC', 'Reliance Industries', 'BSE:500326', randomUUID(), 'INE002A01019']) {
      expect(await resolveCompany(harness.db, reference), reference).toBeUndefined();
    }
  });

  it('applies updates on top of the registration, with the knowledge time of the latest change', async () => {
    expect(await getCompany(harness.db, companyId)).toEqual({
      id: companyId,
      name: 'Reliance Industries Limited',
      nse_symbol: 'RELIANCE',
      bse_code: '500325',
      isin: 'INE002A01018',
      cin: 'L17110MH1973PLC019786',
      sector: 'Oil Gas & Consumable Fuels',
      industry: 'Refineries & Marketing',
      listing_status: 'listed',
      listing_date: null,
      known_at: '2020-01-01T00:00:00.000Z',
      updated_at: '2021-06-01T00:00:00.000Z',
    });
  });

  it('lists the instrument under its company, with its exact face value', async () => {
    const { rows } = await harness.db.query(
      `select exchange, ticker, isin, face_value, status from ${INSTRUMENTS} where company_id = $1`,
      [companyId],
    );
    expect(rows).toEqual([{ exchange: 'BSE', ticker: '500325', isin: 'INE002A01018', face_value: '10.00', status: 'listed' }]);
  });
});

describeEachDatabase('companies projection: registrations from several sources', (database) => {
  let harness: Harness;
  beforeAll(async () => {
    harness = await openHarness(database);
  });
  afterAll(() => harness.close());

  it('merges what each source knows; the latest statement of an attribute wins; nulls never erase', async () => {
    const companyId = randomUUID();
    const nse = givenCompanyRegistered(
      { companyId, name: 'Zomato Limited', nseSymbol: 'ZOMATO', isin: 'INE758T01015' },
      '2022-04-01T00:00:00.000Z',
    );
    const bse = givenCompanyRegistered(
      { companyId, name: 'ZOMATO LTD.', bseCode: '543320', isin: 'INE758T01015', sector: 'Consumer Discretionary' },
      '2022-05-01T00:00:00.000Z',
    );
    const renamed = givenCompanyRegistered(
      { companyId, name: 'Eternal Limited', nseSymbol: 'ETERNAL', isin: 'INE758T01015' },
      '2025-04-01T00:00:00.000Z',
    );
    // Arrives last but was known first: it must not undo the rename.
    const stale = givenCompanyRegistered(
      { companyId, name: 'Zomato Limited', nseSymbol: 'ZOMATO', isin: 'INE758T01015' },
      '2022-03-01T00:00:00.000Z',
    );
    await harness.append(nse, bse, renamed, stale);
    await harness.project();

    expect(await getCompany(harness.db, companyId)).toMatchObject({
      name: 'Eternal Limited',
      nse_symbol: 'ETERNAL',
      bse_code: '543320',
      isin: 'INE758T01015',
      sector: 'Consumer Discretionary',
      known_at: '2022-03-01T00:00:00.000Z',
      updated_at: '2025-04-01T00:00:00.000Z',
    });
    for (const reference of ['ETERNAL', 'ZOMATO', 'BSE:543320', 'INE758T01015']) {
      expect((await resolveCompany(harness.db, reference))?.id, reference).toBe(companyId);
    }
  });
});
