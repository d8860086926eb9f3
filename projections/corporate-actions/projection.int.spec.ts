import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, expect, it } from 'vitest';
import { type CorporateAction, CorporateActionSchema } from '#schemas/read-models/corporate-action';
import { companyIdFromIsin } from '#ingest/shared/parser/company-lookup';
import { inputFromBytes } from '#ingest/sources/read-inputs';
import { rebuildProjection } from '#platform/projector/rebuild';
import { describeEachDatabase } from '../../test/support/databases.ts';
import { givenIngestion } from '../../test/support/ingestion-harness.ts';
import { REPO_ROOT } from '../../test/support/parse-input.ts';
import { corporateActionsProjection } from './projection.ts';
import { corporateActionsDatasetStats, listCorporateActions } from './queries.ts';
import { CORPORATE_ACTIONS } from './tables.ts';

const BSE_EXPORT = path.join(REPO_ROOT, 'sample-data/corporate_actions/Corporate_Actions.csv'); // real: 472 splits, 2009-2015
const NSE_MASTER = path.join(REPO_ROOT, 'sample-data/master/EQUITY_L.csv');
const BSE_SCRIPS = path.join(REPO_ROOT, 'fixtures/bse-scrip-list/Equity.csv'); // maps scrip codes to ISINs
const NSE_EXPORT = path.join(REPO_ROOT, 'fixtures/nse-corporate-actions/CF-CA-equities-constructed.csv'); // constructed, 15 actions
const BSE_API = path.join(REPO_ROOT, 'fixtures/bse-corporate-actions-json/corporate_actions_20260701_180450.json'); // real: 20 actions

const HDFC_BANK = companyIdFromIsin('INE040A01034');
const TCS = companyIdFromIsin('INE467B01029');
const RELIANCE = companyIdFromIsin('INE002A01018');

const lines = (file: string) => readFileSync(file, 'utf8').split(/\r?\n/);
const sha256 = (bytes: Uint8Array | string) => createHash('sha256').update(bytes).digest('hex');

/** Another download of an export overlapping the first: its header and some of its rows, as other bytes. */
function overlap(file: string, name: string, startsWith: readonly string[]) {
  const [header = '', ...rows] = lines(file);
  const kept = rows.filter((row) => startsWith.some((start) => row.startsWith(start)));
  if (kept.length !== startsWith.length) throw new Error(`${file}: expected one row for each of ${startsWith.join(' ')}`);
  return inputFromBytes(name, 'test', new TextEncoder().encode([header, ...kept, ''].join('\r\n')));
}
const BSE_OVERLAP_LATER = overlap(BSE_EXPORT, 'Corporate_Actions (1).csv', ['500180,', '500092,']);
const BSE_OVERLAP_EARLIER = overlap(BSE_EXPORT, 'Corporate_Actions (2).csv', ['500570,']);
const NSE_OVERLAP = overlap(NSE_EXPORT, 'CF-CA-equities (1).csv', ['"TCS"']);

const BSE_KNOWN_AT = '2016-01-01T00:00:00.000Z';

/**
 * A NIFTY list of mid-2010, constructed: one row, HDFC Bank with the ISIN its shares had then
 * (INE040A01018, until its split of July 2011; NSE's results listing still states it), given
 * the date an operator would give it. It dates HDFC Bank's ISIN before the split's ex-date.
 */
const NIFTY_2010 = inputFromBytes(
  'ind_nifty50list_2010.csv',
  'test',
  new TextEncoder().encode(
    'Company Name,Industry,Symbol,Series,ISIN Code\r\nHDFC Bank Ltd.,FINANCIAL SERVICES,HDFCBANK,EQ,INE040A01018\r\n',
  ),
);

describeEachDatabase('corporate actions read model', (database) => {
  const service = givenIngestion(database);
  const list = (params: Parameters<typeof listCorporateActions>[1]) => listCorporateActions(service.harness.db, params);
  const bse = (items: readonly CorporateAction[], code: string) => items.find((item) => item.company.bse_code === code);

  async function ingestAll() {
    // The BSE export before any master list: none of its scrip codes resolves to a company.
    await service.ingest([BSE_EXPORT], { knownAt: BSE_KNOWN_AT });
    await service.ingest([NSE_MASTER, BSE_SCRIPS]);
    await service.ingest([NIFTY_2010], { knownAt: '2010-05-31T18:30:00.000Z' });
    await service.ingest([NSE_EXPORT], { knownAt: '2025-08-01T00:00:00.000Z' });
    await service.ingest([BSE_API]);
    // Re-deliveries of the same actions in other downloads: known later, and known earlier.
    await service.ingest([BSE_OVERLAP_LATER], { knownAt: '2017-01-01T00:00:00.000Z' });
    await service.ingest([BSE_OVERLAP_EARLIER], { knownAt: '2011-09-01T00:00:00.000Z' });
    await service.ingest([NSE_OVERLAP], { knownAt: '2025-09-01T00:00:00.000Z' });
  }

  beforeAll(async () => {
    await ingestAll();
    await service.harness.project();
  }, 240_000);

  it('reads a real BSE dividend exactly, with its provenance', async () => {
    // corporate_actions_20260701_180450.json: scrip 505036, "Final Dividend - Rs. - 22.5000", Ex_date and RD_Date 15 Jul 2026.
    const { items } = await list({ type: 'dividend', start: '2026-07-15', end: '2026-07-15', limit: 50 });
    expect(bse(items, '505036')).toEqual({
      id: expect.any(String),
      company_id: null,
      company_name: null,
      company_isin: null,
      company: { name: 'Automobile Corporation of Goa Ltd', nse_symbol: null, bse_code: '505036', isin: null }, // long_name, BSE's -$ dropped
      action_type: 'dividend',
      purpose: 'Final Dividend - Rs. - 22.5000',
      ex_date: '2026-07-15',
      record_date: '2026-07-15',
      amount_per_share: '22.5',
      ratio_new: null,
      ratio_existing: null,
      face_value_from: null,
      face_value_to: null,
      source: 'bse',
      source_url: null, // the wrapper names only "BSE API"
      source_file: 'corporate_actions_20260701_180450.json',
      source_document: sha256(readFileSync(BSE_API)),
      announcements: 1,
      known_at: '2026-07-01T15:48:06.000Z', // the wrapper's fetch time, to the second, before the ex-date
      known_at_basis: 'file',
      recorded_at: expect.any(String),
    });
    // "Interim Dividend" states no amount: null, never 0.
    expect(bse(items, '532540')).toMatchObject({ action_type: 'dividend', amount_per_share: null });
  });

  it("finds a company's actions also where ingestion could not resolve it, through its identifiers now", async () => {
    // Corporate_Actions.csv line 208: 500180,HDFCBANK,14 Jul 2011,Stock  Split From Rs.10/- to Rs.2/-,16 Jul 2011,...
    // It was read before Equity.csv mapped 500180 to HDFC Bank's ISIN.
    const page = await list({ companyId: HDFC_BANK, limit: 50 });
    expect(page.total).toBe(1);
    expect(page.items[0]).toMatchObject({
      company_id: HDFC_BANK,
      company_name: 'HDFC Bank Limited',
      // The equity ISIN a list given its date showed latest by the ex-date (the 2010 list), not
      // today's INE040A01034, which only the undated Equity.csv (inferred, by that 2010 list, to
      // be of 1 June 2010 or later) and the 2024 NSE master show.
      company_isin: 'INE040A01018',
      company: { bse_code: '500180', nse_symbol: null },
      action_type: 'stock_split',
      ex_date: '2011-07-14',
      record_date: '2011-07-16',
      face_value_from: '10',
      face_value_to: '2',
      // The export (given as of 2016) states no announcement time: the split was public by the
      // start of its ex-date in India.
      known_at: '2011-07-13T18:30:00.000Z',
      known_at_basis: 'implied',
      source_url: null,
      source_file: 'Corporate_Actions.csv',
      source_document: sha256(readFileSync(BSE_EXPORT)),
    });
  });

  it("lists a resolved company's actions newest ex-date first", async () => {
    const { items, total } = await list({ companyId: RELIANCE, limit: 50 });
    expect(total).toBe(2);
    expect(items.map((a) => [a.ex_date, a.record_date, a.action_type, a.amount_per_share, a.company_id])).toEqual([
      ['2025-08-14', '2025-08-14', 'dividend', '5.5', RELIANCE],
      ['1995-01-04', null, 'dividend', '2.5', RELIANCE],
    ]);
    // The sample's NSE master (given 8 March 2024 in its known-at.json) shows INE002A01018: the
    // ISIN by 14 August 2025; nothing dated shows one by 1995, so that one is today's.
    expect(items.map((a) => [a.company_name, a.company_isin])).toEqual([
      ['Reliance Industries Limited', 'INE002A01018'],
      ['Reliance Industries Limited', 'INE002A01018'],
    ]);
  });

  it('merges a re-delivered action into one, keeping the announcement known first', async () => {
    const splits = (await list({ type: 'stock_split', start: '2011-07-14', end: '2011-09-30', limit: 50 })).items;
    // Delivered again in a later download: both copies are known from the ex-date, and the one
    // recorded first stays.
    expect(bse(splits, '500180')).toMatchObject({
      known_at: '2011-07-13T18:30:00.000Z',
      announcements: 2,
      source_document: sha256(readFileSync(BSE_EXPORT)),
    });
    expect(bse(splits, '500092')).toMatchObject({
      known_at: '2011-09-27T18:30:00.000Z',
      announcements: 2,
      ex_date: '2011-09-28',
      face_value_to: '1',
    });
    // Delivered again in a download published before the ex-date: that announcement is served instead.
    expect(bse(splits, '500570')).toMatchObject({
      known_at: '2011-09-01T00:00:00.000Z',
      known_at_basis: 'file',
      announcements: 2,
      ex_date: '2011-09-12',
      source_file: 'Corporate_Actions (2).csv',
      source_document: sha256(await BSE_OVERLAP_EARLIER.read()),
    });
    expect(splits.filter((a) => a.company.bse_code === '500570')).toHaveLength(1);
  });

  it('keeps two actions of one purpose apart when merging their re-delivery', async () => {
    // NSE: "Interim Dividend - Rs 10 Per Share/Special Dividend - Rs 66 Per Share", ex 17-Jan-2025, in both downloads.
    // BSE API: scrip 532540 (TCS, through Equity.csv), "Interim Dividend", ex 15 Jul 2026, no amount stated.
    const { items, total } = await list({ companyId: TCS, limit: 50 });
    expect(total).toBe(3);
    expect(items[0]).toMatchObject({ ex_date: '2026-07-15', amount_per_share: null, company: { bse_code: '532540' }, company_id: TCS });
    expect(
      items
        .slice(1)
        .map((a) => [a.ex_date, a.amount_per_share, a.announcements, a.known_at])
        .sort(),
    ).toEqual([
      ['2025-01-17', '10', 2, '2025-01-16T18:30:00.000Z'],
      ['2025-01-17', '66', 2, '2025-01-16T18:30:00.000Z'],
    ]);
  });

  it('filters by type and ex-date window, and pages with a total', async () => {
    const params = { type: 'dividend' as const, start: '2026-07-10', end: '2026-07-15', limit: 4 };
    const pages = [await list({ ...params, offset: 0 }), await list({ ...params, offset: 4 }), await list({ ...params, offset: 8 })];
    expect(pages.map((p) => [p.total, p.items.length])).toEqual([
      [11, 4],
      [11, 4],
      [11, 3],
    ]);
    const all = pages.flatMap((p) => p.items);
    expect(CorporateActionSchema.array().parse(all)).toEqual(all);
    expect(new Set(all.map((a) => a.id)).size).toBe(11);
    expect(all.map((a) => a.ex_date)).toEqual([...all.map((a) => a.ex_date)].sort().reverse());
    expect(all.map((a) => a.amount_per_share ?? 'none').sort()).toEqual(
      ['22.5', '35', '2.5', 'none', '0.4', '13.5', '0.05', '7.5', '20', '5', 'none'].sort(),
    );
    // 472 splits in the BSE export (2009-2015) and SBIN's in the NSE one (2014).
    expect((await list({ type: 'stock_split', start: '2009-01-01', end: '2015-12-31', limit: 1 })).total).toBe(473);
    expect((await list({ type: 'buyback', limit: 50 })).items.map((a) => a.ex_date)).toEqual(['2026-07-03', '2026-07-03', '2024-03-07']);
  });

  it('lists an action without an ex-date last, and counts each action once', async () => {
    const everything = await list({ limit: 1, offset: 0 });
    // 472 (BSE export) + 15 (NSE export) + 20 (BSE API), whatever was delivered twice.
    expect(everything.total).toBe(507);
    const [last] = (await list({ limit: 1, offset: 506 })).items;
    expect(last).toMatchObject({
      purpose: 'Annual General Meeting',
      action_type: null,
      ex_date: null,
      company: { nse_symbol: 'TATAMOTORS' },
    });
    expect(await corporateActionsDatasetStats(service.harness.db)).toEqual({
      rows: 507,
      latest_known_at: '2026-07-01T15:48:06.000Z',
      latest_recorded_at: expect.any(String),
    });
  });

  it('comes out the same when rebuilt from the events in batches of any size', async () => {
    const { db, store } = service.harness;
    const dump = async () => (await db.query(`select * from ${CORPORATE_ACTIONS} order by action_id`)).rows;
    const before = await dump();
    await rebuildProjection(db, store, corporateActionsProjection, { batchSize: 7 });
    expect(await dump()).toEqual(before);
  });

  it('appends and changes nothing when every file is ingested again', async () => {
    const before = await list({ limit: 200 });
    const events = await service.eventCount();
    await ingestAll();
    await service.harness.project();
    expect(await service.eventCount()).toBe(events);
    expect(await list({ limit: 200 })).toEqual(before);
  });
});
