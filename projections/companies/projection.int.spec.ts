import { randomUUID } from 'node:crypto';
import { beforeAll, expect, it } from 'vitest';
import { BseScripCodeSchema, CinSchema, IsinSchema, NseSymbolSchema } from '#schemas/common/primitives';
import type { DomainEvent } from '#schemas/events/catalogue';
import { type InstrumentListed, InstrumentListedSchema } from '#schemas/events/instrument';
import type { EventMetadata } from '#schemas/events/metadata';
import { companyIdOfAnchor, companyIdOfIsin, legacyCompanyIdOfIsin } from '#domain/identity/anchor';
import { resolveCompany } from '#read/identity/resolve-company';
import type { NewEvent } from '#platform/event-store/event-store';
import { givenCompanyRegistered, givenMetadata } from '../../test/support/builders.ts';
import { describeEachStore } from '../../test/support/databases.ts';
import { suiteHarness } from '../../test/support/suite-harness.ts';
import { listCompanies } from './list-companies.ts';
import { getCompany, withHistories } from './queries.ts';
import { INSTRUMENTS } from './tables.ts';

/** A document of `format` parsed once: its events carry the parse's id, then its outcome. */
function givenParse(
  format: string,
  knownAt: string,
  events: ReadonlyArray<NewEvent<DomainEvent>>,
  options: { document?: string; version?: number } = {},
) {
  const document = options.document ?? randomUUID().replaceAll('-', '').padEnd(64, '0');
  const parse = randomUUID();
  const metadata = (source: string): EventMetadata =>
    givenMetadata({ knownAt, source, sourceSha256: document, sourceFile: `${format}.csv`, correlationId: parse });
  const correlated = events.map((e) => ({ ...e, id: randomUUID(), metadata: { ...metadata(e.metadata.source), knownAt } }));
  const outcome: NewEvent<DomainEvent> = {
    id: parse,
    type: 'DocumentParsed',
    data: {
      documentId: document,
      format,
      parserVersion: options.version ?? 1,
      rows: events.length,
      events: events.length,
      problems: [],
      problemCount: 0,
    },
    metadata: metadata('ingest'),
  };
  return { document, events: [...correlated, outcome] };
}

const registered = (fields: Parameters<typeof givenCompanyRegistered>[0], source = 'nse') =>
  ({ ...givenCompanyRegistered(fields), metadata: givenMetadata({ source }) }) as NewEvent<DomainEvent>;

function bseListing(code: string, isin: string | null, status: InstrumentListed['status']): NewEvent<DomainEvent> {
  return {
    id: randomUUID(),
    type: 'InstrumentListed',
    data: InstrumentListedSchema.parse({
      instrumentId: randomUUID(),
      companyId: randomUUID(),
      exchange: 'BSE',
      segment: 'CM',
      type: 'equity',
      ticker: code,
      isin,
      name: `SCRIP ${code}`,
      series: null,
      faceValue: '10.00',
      listingDate: null,
      status,
    }),
    metadata: givenMetadata({ source: 'bse' }),
  };
}

describeEachStore('security master: one company across ISIN, symbol and name changes', (database) => {
  const harness = suiteHarness(database);
  const hdfc = companyIdOfIsin('INE040A01034') as string;

  beforeAll(async () => {
    const bse2015 = givenParse('bse-scrip-list', '2015-07-13T00:00:00.000Z', [
      registered({ name: 'HDFC BANK LTD.', isin: IsinSchema.parse('INE040A01026'), bseCode: BseScripCodeSchema.parse('500180') }, 'bse'),
    ]);
    const nse2022 = givenParse('nse-equity-master', '2022-04-03T00:00:00.000Z', [
      registered({
        name: 'HDFC Bank Limited',
        isin: IsinSchema.parse('INE040A01034'),
        nseSymbol: NseSymbolSchema.parse('HDFCBANK'),
        listingDate: '1995-11-08',
      }),
    ]);
    const listing = givenParse('nse-results-listing', '2025-01-23T06:58:01.000Z', [
      registered({
        name: 'HDFC Bank Limited',
        isin: IsinSchema.parse('INE040A01018'),
        nseSymbol: NseSymbolSchema.parse('HDFCBANK'),
        cin: CinSchema.parse('L65920MH1994PLC080618'),
      }),
    ]);
    // Arrival order is not knowledge order: the 2022 list comes last.
    await harness.append(...listing.events, ...bse2015.events, ...nse2022.events);
    await harness.project();
  });

  it("is one company whose id is its issuer's, with the ISIN of the latest dated list", async () => {
    expect(hdfc).toBe(companyIdOfAnchor('issuer:040A'));
    expect(await getCompany(harness.db, hdfc)).toMatchObject({
      id: hdfc,
      name: 'HDFC Bank Limited',
      nse_symbol: 'HDFCBANK',
      bse_code: '500180',
      isin: 'INE040A01034',
      cin: 'L65920MH1994PLC080618',
      listing_date: '1995-11-08',
      known_at: '2015-07-13T00:00:00.000Z',
      updated_at: '2025-01-23T06:58:01.000Z',
    });
  });

  it('resolves every identifier it has had, an unseen ISIN of its issuer, and the ids earlier versions gave each ISIN', async () => {
    for (const reference of [
      'HDFCBANK',
      'nse:hdfcbank',
      'BSE:500180',
      '500180',
      'INE040A01018',
      'INE040A01026',
      'INE040A01034',
      'INE040A01042',
      'L65920MH1994PLC080618',
      hdfc,
      legacyCompanyIdOfIsin('INE040A01018'),
      legacyCompanyIdOfIsin('INE040A01026'),
    ]) {
      expect((await resolveCompany(harness.db, reference))?.id, reference).toBe(hdfc);
    }
    for (const reference of ['HDFCBAN', 'HDFC Bank', 'BSE:500181', randomUUID(), 'INE040A01019']) {
      expect(await resolveCompany(harness.db, reference), reference).toBeUndefined();
    }
  });

  it('shows each identifier with the days sources showed it and who said so', async () => {
    const [company] = await withHistories(harness.db, [(await getCompany(harness.db, hdfc))!]);
    const isins = company?.identifiers
      .filter((i) => i.scheme === 'isin')
      .map((i) => [i.value, i.first_seen, i.last_seen, i.current, i.sources.map((s) => s.kind)]);
    // The current one first, then the latest seen; one only linked, never dated, last.
    expect(isins).toEqual([
      ['INE040A01034', '2022-04-03', '2022-04-03', true, ['nse-master']],
      ['INE040A01026', '2015-07-13', '2015-07-13', false, ['bse-list']],
      ['INE040A01018', null, null, false, ['results-listing']],
    ]);
    expect(company?.listings.map((l) => [l.exchange, l.status, l.valid_from])).toEqual([
      ['BSE', 'listed', '2015-07-13'],
      ['NSE', 'listed', '1995-11-08'],
    ]);
  });
});

describeEachStore('security master: identity from what sources say and when, not arrival', (database) => {
  const harness = suiteHarness(database);

  it('anchors a BSE scrip without an ISIN on its code, and merges it into the issuer a later list ties the code to', async () => {
    const bse2015 = givenParse('bse-scrip-list', '2015-07-13T00:00:00.000Z', [bseListing('501110', null, 'delisted')]);
    await harness.append(...bse2015.events);
    await harness.project();
    const anchored = companyIdOfAnchor('bse:501110');
    expect(await resolveCompany(harness.db, 'BSE:501110')).toMatchObject({ id: anchored, listing_status: 'delisted' });

    const bse2024 = givenParse('bse-scrip-list', '2024-03-08T00:00:00.000Z', [bseListing('501110', 'INE371U01015', 'listed')]);
    await harness.append(...bse2024.events);
    await harness.project();
    const issuer = companyIdOfIsin('INE371U01015');
    expect(await resolveCompany(harness.db, 'BSE:501110')).toMatchObject({ id: issuer, listing_status: 'listed' });
    // The anchor's id still names the company; its own record is gone.
    expect((await getCompany(harness.db, anchored))?.id).toBe(issuer);
    const { rows } = await harness.db.query(`select count(*)::int as n from ${INSTRUMENTS} where ticker = '501110' and company_id = $1`, [
      issuer,
    ]);
    expect(rows).toEqual([{ n: 2 }]);
  });

  it('resolves a reused symbol to the company that held it on the day asked', async () => {
    const first = givenParse('nse-equity-master', '2012-01-02T00:00:00.000Z', [
      registered({ name: 'Old Holder Limited', isin: IsinSchema.parse('INE111Z01012'), nseSymbol: NseSymbolSchema.parse('REUSED') }),
    ]);
    const second = givenParse('nse-equity-master', '2020-06-01T00:00:00.000Z', [
      registered({ name: 'New Holder Limited', isin: IsinSchema.parse('INE222Z01016'), nseSymbol: NseSymbolSchema.parse('REUSED') }),
    ]);
    await harness.append(...second.events, ...first.events);
    await harness.project();
    expect((await resolveCompany(harness.db, 'REUSED'))?.name).toBe('New Holder Limited');
    expect((await resolveCompany(harness.db, 'REUSED', { asOf: '2015-03-31T00:00:00Z' }))?.name).toBe('Old Holder Limited');
    expect((await resolveCompany(harness.db, 'REUSED', { asOf: '2020-06-01T00:00:00Z' }))?.name).toBe('New Holder Limited');
    // The first holder is missing from the 2020 list of NSE: delisted, and in the universe of 2015.
    const old = companyIdOfIsin('INE111Z01012');
    expect((await getCompany(harness.db, old as string))?.listing_status).toBe('delisted');
    const in2015 = await listCompanies(harness.db, {
      q: 'Holder',
      listingStatus: 'listed',
      asOf: '2015-01-01T00:00:00Z',
      limit: 10,
      offset: 0,
    });
    expect(in2015.items.map((c) => c.name)).toEqual(['Old Holder Limited']);
  });

  it("counts only a document's latest parse: a re-parse's statements replace the earlier ones", async () => {
    const isin = IsinSchema.parse('INE333Z01014');
    const document = 'a'.repeat(64);
    const v1 = givenParse(
      'nse-equity-master',
      '2023-01-02T00:00:00.000Z',
      [registered({ name: 'Misread Name Limited', isin, nseSymbol: NseSymbolSchema.parse('MISREAD') })],
      { document, version: 1 },
    );
    const v2 = givenParse(
      'nse-equity-master',
      '2023-01-02T00:00:00.000Z',
      [registered({ name: 'Right Name Limited', isin, nseSymbol: NseSymbolSchema.parse('RIGHT') })],
      { document, version: 2 },
    );
    await harness.append(...v2.events, ...v1.events);
    await harness.project();
    expect(await resolveCompany(harness.db, isin)).toMatchObject({ name: 'Right Name Limited', nse_symbol: 'RIGHT' });
    expect(await resolveCompany(harness.db, 'MISREAD')).toBeUndefined();
  });
});

describeEachStore('security master: names by source authority', (database) => {
  const harness = suiteHarness(database);

  it('keeps the master list name over a BSE security name known later', async () => {
    const idea = IsinSchema.parse('INE669E01016');
    const nse = givenParse('nse-equity-master', '2024-03-08T00:00:00.000Z', [
      registered({ name: 'Vodafone Idea Limited', isin: idea, nseSymbol: NseSymbolSchema.parse('IDEA') }),
    ]);
    const bse = givenParse('bse-scrip-list', '2026-01-01T00:00:00.000Z', [
      registered({ name: 'IDEA CELLULAR LTD.', isin: idea, bseCode: BseScripCodeSchema.parse('532822') }, 'bse'),
    ]);
    await harness.append(...nse.events, ...bse.events);
    await harness.project();
    expect(await resolveCompany(harness.db, 'BSE:532822')).toMatchObject({ name: 'Vodafone Idea Limited', nse_symbol: 'IDEA' });
  });
});
