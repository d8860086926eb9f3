import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { BUNDLED_SAMPLE_DIR } from '#platform/config/config';
import { companyIdFromIsin } from '#ingest/shared/parser/company-lookup';
import { inputFromBytes } from '#ingest/sources/read-inputs';
import { describeEachDatabase } from '../../test/support/databases.ts';
import { givenIngestion } from '../../test/support/ingestion-harness.ts';
import { disclosuresDatasetStats, listEvents, listEventTypes } from './queries.ts';
import { searchDisclosures } from './search-disclosures.ts';
import { DISCLOSURES } from './tables.ts';

const sample = (relative: string) => path.join(BUNDLED_SAMPLE_DIR, relative);
const INSIDER_FILE = 'announcements/CF-Insider-Trading-equities-29-04-2020-to-29-07-2020.csv';
const YESBANK = companyIdFromIsin('INE528G01035');
const RELIANCE_CAPITAL_PDF = 'https://www.bseindia.com/xml-data/corpfiling/AttachLive/5dc03e76-e9d2-44f7-9fbe-daacae52996f.pdf';

/**
 * Constructed: an overlapping BSE download of 21-22 Aug 2021. Its first record is the real
 * file's first (Reliance Capital, 22:02:39) copied verbatim; the second is made up.
 */
const overlappingBse = inputFromBytes(
  'BSE_2021-08-21_2021-08-22.csv',
  'constructed overlapping download',
  new TextEncoder().encode(
    [
      'Symbol,Subject,Date,More Info,Category,PDF',
      `500111,Reliance Capital Ltd - 500111 - Announcement Under Regulation 30 (LODR) - Updates,21-08-2021 22:02:39,Disclosure regarding payment of interest / principal on Non-Convertible Debentures,Company Update,${RELIANCE_CAPITAL_PDF}`,
      '500325,Reliance Industries Ltd - 500325 - Announcement under Regulation 30 (LODR)-Investor Presentation,22-08-2021 10:15:00,Investor presentation on the quarterly results,Company Update,https://www.bseindia.com/xml-data/corpfiling/AttachLive/0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d.pdf',
      '',
    ].join('\r\n'),
  ),
);

/**
 * Constructed: NSE's insider export downloaded again for a shorter range: the real file's
 * header (30 lines) and its eight Divi's Laboratories records (one XBRL, three persons; three
 * pairs of records differ only in figures the events leave out).
 */
const insiderLines = readFileSync(sample(INSIDER_FILE), 'utf8').split('\n');
const overlappingInsider = inputFromBytes(
  'CF-Insider-Trading-equities-18-07-2020-to-18-07-2020.csv',
  'constructed overlapping download',
  new TextEncoder().encode([...insiderLines.slice(0, 30), ...insiderLines.filter((line) => line.includes('IT_1075180_')), ''].join('\n')),
);

describeEachDatabase('disclosures read model over the sample announcements', (database) => {
  const service = givenIngestion(database);
  const db = () => service.harness.db;

  beforeAll(async () => {
    // Announcements before the master list: the insider records name NSE symbols that are
    // not known yet, so they carry no company id and must be found by what they state.
    await service.ingest([sample('announcements')]);
    await service.ingest([sample('master/EQUITY_L.csv'), sample('indices')]);
    await service.harness.project();
  });

  it('serves every announcement once: 255 from BSE and 101 insider disclosures', async () => {
    expect((await listEvents(db(), { limit: 1 })).total).toBe(356);
    expect(await disclosuresDatasetStats(db())).toEqual({ rows: 356, latest_known_at: '2021-08-21T16:32:39.000Z' });
    const { rows } = await db().query<{ n: number }>(`select count(*)::int8 as n from ${DISCLOSURES} where company_id is not null`);
    expect(rows[0]?.n).toBe(0);
  });

  it("reads BSE's Intellect Design Arena result as published", async () => {
    // 538835,"Intellect Design Arena Ltd - 538835 - Quarterly Financial Results For The Period Ended June 30, 2021.",21-08-2021 21:48:41,…,Result,…
    const page = await listEvents(db(), {
      type: 'financial_results',
      start: '2021-08-21T16:18:41Z',
      end: '2021-08-21T16:18:41Z',
      limit: 10,
    });
    expect(page).toEqual({
      total: 1,
      items: [
        {
          id: expect.any(String),
          company: { id: null, name: 'Intellect Design Arena Ltd', nse_symbol: null, bse_code: '538835', isin: null, cin: null },
          event_type: 'financial_results',
          category: 'Result',
          subject: 'Quarterly Financial Results For The Period Ended June 30, 2021.',
          body: 'Quarterly financial results for the period ended June 30, 2021 along with limited review report of the auditors.',
          document_type: 'financial_results',
          attachment_url: 'https://www.bseindia.com/xml-data/corpfiling/AttachLive/6d9565f0-f529-427c-a452-5986a9514eeb.pdf',
          published_at: '2021-08-21T16:18:41.000Z',
          known_at: '2021-08-21T16:18:41.000Z',
          recorded_at: expect.any(String),
          source_url: null,
        },
      ],
    });
  });

  it('lists newest first, page by page', async () => {
    const first = await listEvents(db(), { limit: 200 });
    const second = await listEvents(db(), { limit: 200, offset: 200 });
    expect([first.total, first.items.length, second.items.length]).toEqual([356, 200, 156]);
    const all = [...first.items, ...second.items];
    expect(new Set(all.map((e) => e.id)).size).toBe(356);
    const times = all.map((e) => e.published_at);
    expect(times).toEqual([...times].sort().reverse());
    expect(all[0]).toMatchObject({ subject: 'Announcement Under Regulation 30 (LODR) - Updates', company: { bse_code: '500111' } });
    // The insider export's latest broadcast: 28-Jul-2020 23:02 IST.
    expect(all.find((e) => e.category === 'Insider Trading')).toMatchObject({
      published_at: '2020-07-28T17:32:00.000Z',
      company: { nse_symbol: 'ASTEC' },
    });
    expect((await listEvents(db(), { start: '2021-01-01T00:00:00Z', limit: 1 })).total).toBe(255);
    expect((await listEvents(db(), { end: '2020-12-31T00:00:00Z', limit: 1 })).total).toBe(101);
  });

  it('counts the event types present, most frequent first', async () => {
    // docs/event-types.md's counts for BSE's day, plus the 101 insider records.
    expect(await listEventTypes(db())).toEqual([
      { event_type: 'insider_trading', count: 102 },
      { event_type: 'agm_egm', count: 59 },
      { event_type: 'newspaper_publication', count: 42 },
      { event_type: 'board_meeting', count: 35 },
      { event_type: 'substantial_acquisition', count: 28 },
      { event_type: 'regulatory_update', count: 18 },
      { event_type: 'earnings_call', count: 15 },
      { event_type: 'financial_results', count: 13 },
      { event_type: 'change_in_management', count: 12 },
      { event_type: 'dividend', count: 6 },
      { event_type: 'credit_rating', count: 5 },
      { event_type: 'annual_report', count: 3 },
      { event_type: 'corporate_action', count: 3 },
      { event_type: 'securities_issue', count: 3 },
      { event_type: 'investor_presentation', count: 2 },
      { event_type: 'order_or_contract', count: 2 },
      { event_type: 'other', count: 2 },
      { event_type: 'shareholding', count: 2 },
      { event_type: 'acquisition', count: 1 },
      { event_type: 'clarification', count: 1 },
      { event_type: 'press_release', count: 1 },
      { event_type: 'scheme_of_arrangement', count: 1 },
    ]);
  });

  it('finds a company by the identifiers its disclosures state when they carry no company id', async () => {
    const page = await listEvents(db(), { companyId: YESBANK, limit: 10 });
    expect(page.total).toBe(5);
    // Four records of one XBRL broadcast at 28-Jul-2020 21:36 IST, then Sunil Mehta's at 17:38.
    expect(page.items.map((e) => e.published_at)).toEqual([...Array(4).fill('2020-07-28T16:06:00.000Z'), '2020-07-28T12:08:00.000Z']);
    expect(page.items[4]?.subject).toBe('Insider trading disclosure (Reg 7(2)) by SUNIL MEHTA, Director');
    expect(new Set(page.items.slice(0, 4).map((e) => e.subject))).toEqual(
      new Set([
        'Insider trading disclosure (Reg 7(2)) by E.Prasanth Prabhakaran, Employees/Designated Employees',
        'Insider trading disclosure (Reg 7(2)) by SANDEEP PRABHANI, Employees/Designated Employees',
        'Insider trading disclosure (Reg 7(2)) by NATASHA SINGH, Immediate relative',
        'Insider trading disclosure (Reg 7(2)) by Vikas Dawra, Employees/Designated Employees',
      ]),
    );
    expect(page.items[0]).toMatchObject({
      company: { id: YESBANK, nse_symbol: 'YESBANK', isin: 'INE528G01035' },
      event_type: 'insider_trading',
      document_type: 'insider_trading',
      category: 'Insider Trading',
      attachment_url: 'https://archives.nseindia.com/corporate/xbrl/IT_1075437_298326_28072020093641_WEB.xml',
    });
    expect(await listEventTypes(db(), { companyId: YESBANK })).toEqual([{ event_type: 'insider_trading', count: 5 }]);
    expect((await listEvents(db(), { companyId: YESBANK, type: 'dividend', limit: 10 })).total).toBe(0);
    expect(await listEvents(db(), { companyId: companyIdFromIsin('INE002A01018'), limit: 10 })).toEqual({ items: [], total: 0 });
  });

  it('searches subjects and bodies, best match first, with a marked snippet', async () => {
    const hits = await searchDisclosures(db(), { text: 'credit rating', limit: 100 });
    // The five BSE announcements typed credit_rating say so in their subjects (weighted above bodies).
    expect(hits.slice(0, 5).map((h) => h.event_type)).toEqual(Array(5).fill('credit_rating'));
    expect(
      hits
        .slice(0, 5)
        .map((h) => h.company.name)
        .sort(),
    ).toEqual([
      'Capacite Infraprojects Ltd',
      'IIFL Wealth Management Ltd',
      'Indusind Bank Ltd',
      'KCP Sugar & Industries Corporation Ltd',
      'Sayaji Industries Ltd',
    ]);
    expect(hits[0]).toMatchObject({
      subject: 'Announcement under Regulation 30 (LODR)-Credit Rating',
      snippet: expect.stringContaining('**Credit** **Rating**'),
      published_at: expect.stringMatching(/^2021-08-21T/),
      attachment_url: expect.stringMatching(/^https:\/\/www\.bseindia\.com\/xml-data\/corpfiling\/AttachLive\//),
      score: expect.any(Number),
      terms_matched: 2,
      terms: 2,
    });
    // Those holding both words first, then those holding one, each by rank.
    const order = hits.map((h) => [-h.terms_matched, -h.score] as const);
    expect(order).toEqual([...order].sort((a, b) => a[0] - b[0] || a[1] - b[1]));
    expect(hits.filter((h) => h.terms_matched === 1).length).toBeGreaterThan(0);

    const prabhakaran = await searchDisclosures(db(), { text: 'Prabhakaran', companyId: YESBANK, limit: 5 });
    expect(prabhakaran.map((h) => [h.company.id, h.subject])).toEqual([
      [YESBANK, 'Insider trading disclosure (Reg 7(2)) by E.Prasanth Prabhakaran, Employees/Designated Employees'],
    ]);
    expect(await searchDisclosures(db(), { text: 'Prabhakaran', companyId: companyIdFromIsin('INE002A01018'), limit: 5 })).toEqual([]);
    expect(await searchDisclosures(db(), { text: 'the', limit: 5 })).toEqual([]);
    // Of the five, only IndusInd's body names CRISIL: it alone holds both words, and a minus sign excludes it.
    const crisil = await searchDisclosures(db(), { text: 'CRISIL credit', limit: 5 });
    expect(crisil.filter((h) => h.terms_matched === 2).map((h) => h.company.name)).toEqual(['Indusind Bank Ltd']);
    expect(crisil[0]?.company.name).toBe('Indusind Bank Ltd');
    const withoutCrisil = await searchDisclosures(db(), { text: 'credit rating -crisil', limit: 100 });
    expect(withoutCrisil.map((h) => h.id).sort()).toEqual(
      hits
        .filter((h) => h.company.name !== 'Indusind Bank Ltd' || h.event_type !== 'credit_rating')
        .map((h) => h.id)
        .sort(),
    );
  });

  describe('re-delivered announcements', () => {
    let relianceCapitalId: string;
    beforeAll(async () => {
      const before = await listEvents(db(), { start: '2021-08-21T16:32:39Z', end: '2021-08-21T16:32:39Z', limit: 5 });
      relianceCapitalId = before.items[0]?.id ?? '';
      await service.ingest([overlappingBse, overlappingInsider]);
      await service.harness.project();
    });

    it('serves the copy known first, under the id it already had, and adds only what is new', async () => {
      const { rows } = await db().query<{ disclosure_id: string; duplicate_of: string | null }>(
        `select disclosure_id::text as disclosure_id, duplicate_of::text as duplicate_of from ${DISCLOSURES} where attachment_url = $1`,
        [RELIANCE_CAPITAL_PDF],
      );
      expect(rows).toHaveLength(2);
      expect(rows.find((r) => r.duplicate_of === null)?.disclosure_id).toBe(relianceCapitalId);
      expect(rows.find((r) => r.duplicate_of !== null)?.duplicate_of).toBe(relianceCapitalId);

      const page = await listEvents(db(), { limit: 2 });
      expect(page.total).toBe(357);
      expect(page.items.map((e) => [e.published_at, e.subject])).toEqual([
        ['2021-08-22T04:45:00.000Z', 'Announcement under Regulation 30 (LODR)-Investor Presentation'],
        ['2021-08-21T16:32:39.000Z', 'Announcement Under Regulation 30 (LODR) - Updates'],
      ]);
      expect(page.items[1]?.id).toBe(relianceCapitalId);
    });

    it("keeps the eight Divi's records of one XBRL as eight, not sixteen, nor five", async () => {
      const divis = await listEvents(db(), { companyId: companyIdFromIsin('INE361B01024'), limit: 20 });
      expect(divis.total).toBe(8);
      const { rows } = await db().query<{ n: number }>(
        `select count(*)::int8 as n from ${DISCLOSURES} where attachment_url like '%IT_1075180_%' and duplicate_of is not null`,
      );
      expect(rows[0]?.n).toBe(8);
      expect((await listEventTypes(db())).find((t) => t.event_type === 'insider_trading')).toEqual({
        event_type: 'insider_trading',
        count: 102,
      });
    });

    it('changes nothing when the same files are ingested again', async () => {
      const before = {
        events: await service.eventCount(),
        page: await listEvents(db(), { limit: 200 }),
        types: await listEventTypes(db()),
      };
      await service.ingest([sample('announcements'), sample('master/EQUITY_L.csv'), sample('indices')]);
      await service.ingest([overlappingBse, overlappingInsider]);
      await service.harness.project();
      expect(await service.eventCount()).toBe(before.events);
      expect(await listEvents(db(), { limit: 200 })).toEqual(before.page);
      expect(await listEventTypes(db())).toEqual(before.types);
    });
  });
});
