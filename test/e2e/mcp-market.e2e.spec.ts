import type { CallToolResult } from '@modelcontextprotocol/client';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { GetCorporateActionsOutputSchema } from '#schemas/mcp/get-corporate-actions';
import { GetEventsOutputSchema } from '#schemas/mcp/get-events';
import { GetHistoricalPricesOutputSchema } from '#schemas/mcp/get-historical-prices';
import { GetQuoteOutputSchema } from '#schemas/mcp/get-quote';
import { GetShareholdingOutputSchema } from '#schemas/mcp/get-shareholding';
import { ListEventTypesOutputSchema } from '#schemas/mcp/list-event-types';
import { PAGE_BUDGET } from '#serve/mcp/result-budget';
import { companyIdFromIsin } from '#ingest/shared/parser/company-lookup';
import { describeEachDatabase } from '../support/databases.ts';
import { type Era, givenMcp, textOf } from '../support/mcp-harness.ts';

/** Each tool with a company argument, called with a name instead of an identifier. */
const BY_NAME: [string, Record<string, unknown>][] = [
  ['get_quote', { ticker: 'Reliance Industries' }],
  ['get_historical_prices', { ticker: 'Reliance Industries' }],
  ['get_shareholding', { company: 'Reliance Industries' }],
  ['get_corporate_actions', { company: 'Reliance Industries' }],
  ['list_event_types', { company: 'Reliance Industries' }],
  ['get_events', { company: 'Reliance Industries' }],
];

/** Inputs each tool's schema rejects, with the field the error names. */
const INVALID: [string, Record<string, unknown>, string][] = [
  ['get_quote', { ticker: 'RELIANCE', exchange: 'LSE' }, 'exchange'],
  ['get_quote', { ticker: 'T'.repeat(65) }, 'ticker'],
  ['get_historical_prices', { ticker: 'RELIANCE', interval: '2h' }, 'interval'],
  ['get_historical_prices', { ticker: 'RELIANCE', adjust: 'dividends' }, 'adjust'],
  ['get_historical_prices', { ticker: 'RELIANCE', limit: 1001 }, 'limit'],
  ['get_historical_prices', { ticker: 'RELIANCE', start: 'yesterday' }, 'start'],
  ['get_shareholding', { company: 'RELIANCE', limit: 21 }, 'limit'],
  ['get_shareholding', { company: 'RELIANCE', period_end: '30-06-2024' }, 'period_end'],
  ['get_shareholding', {}, 'company'],
  ['get_corporate_actions', { type: 'merger' }, 'type'],
  ['get_corporate_actions', { offset: -1 }, 'offset'],
  ['get_corporate_actions', { start: '2011-07-14T00:00:00Z' }, 'start'],
  ['list_event_types', { company: 'RELIANCE', extra: true }, 'extra'],
  ['get_events', { type: 't'.repeat(61) }, 'type'],
  ['get_events', { limit: 51 }, 'limit'],
  ['get_events', { as_of: 'last week' }, 'as_of'],
];

describeEachDatabase('MCP market tools on the sample', (database) => {
  const mcp = givenMcp(database);

  /** A successful result's structuredContent, parsed with the tool's own output schema. */
  async function call<S extends z.ZodType>(
    schema: S,
    name: string,
    args: Record<string, unknown>,
    era: Era = 'legacy',
  ): Promise<z.output<S>> {
    const result = await mcp.call(name, args, { era });
    expect(result.isError, textOf(result)).toBeFalsy();
    return schema.parse(result.structuredContent);
  }

  async function failure(name: string, args: Record<string, unknown>): Promise<string> {
    const result: CallToolResult = await mcp.call(name, args);
    expect(result.isError, `${name} ${JSON.stringify(args)}`).toBe(true);
    expect(result.structuredContent).toBeUndefined();
    return textOf(result);
  }

  describe('get_quote', () => {
    it('gives the latest price of RELIANCE: the 6 Jan 2021 bhavcopy close, with the change from the previous close the bhavcopy states', async () => {
      const { company, exchange, tickers, quote } = await call(GetQuoteOutputSchema, 'get_quote', { ticker: 'RELIANCE' });
      expect(company).toMatchObject({ nse_symbol: 'RELIANCE', isin: 'INE002A01018' });
      expect([exchange, tickers]).toEqual(['NSE', ['RELIANCE']]);
      // sample-data/prices/cm06JAN2021bhav.csv: RELIANCE,EQ,1965.9,1966,1905.15,1914.25,1915.5,1966.1,21414270,41290368153.15,06-JAN-2021,...
      // PREVCLOSE 1966.1: change 1914.25 - 1966.1 = -51.85, -2.6372...% (not against 28 Feb 2020, the data's close before it).
      expect(quote).toMatchObject({
        source: 'candle',
        ticker: 'RELIANCE',
        series: 'EQ',
        last_price: '1914.25',
        open: '1965.9',
        high: '1966',
        low: '1905.15',
        volume: '21414270',
        value: '41290368153.15',
        previous_close: '1966.1',
        previous_close_source: 'stated',
        previous_close_at: null,
        change: '-51.85',
        change_percent: '-2.64',
        as_of: '2021-01-06T10:00:00.000Z',
      });
    });

    it('gives INFY’s newest price from its 5-minute bars, with its age, and the quote as of an earlier instant', async () => {
      // sample-data/prices/intraday/INFY.csv ends with 2024-06-28 15:25:00+05:30,1566.75,1567.3,1564.25,1566.65,195900;
      // 27 June's last bar closed at 1570.0 (no daily file covers either day).
      const { quote, as_of } = await call(GetQuoteOutputSchema, 'get_quote', { ticker: 'INFY' });
      expect(as_of).toBeNull();
      expect(quote).toMatchObject({
        source: 'bar',
        interval: '5m',
        as_of: '2024-06-28T10:00:00.000Z',
        last_price: '1566.65',
        previous_close: '1570.0',
        previous_close_source: 'derived_candle',
        change: '-3.35',
      });
      expect(quote.age_seconds).toBeGreaterThan(0);
      expect(textOf(await mcp.call('get_quote', { ticker: 'INFY' }))).toMatch(
        /last price INR 1566\.65 as of 2024-06-28T10:00:00\.000Z \(close of the newest 5m bar; \d+ days old\)/,
      );
      // As of 6 Jan 2021 at 16:00 IST: the bhavcopy close, 30 minutes old, against its stated PREVCLOSE 1293.8.
      const then = await call(GetQuoteOutputSchema, 'get_quote', { ticker: 'INFY', as_of: '2021-01-06T16:00:00+05:30' });
      expect(then.as_of).toBe('2021-01-06T16:00:00+05:30');
      expect(then.quote).toMatchObject({ source: 'candle', last_price: '1282.1', previous_close: '1293.8', age_seconds: 1800 });
    });

    it('dates a quote from a multi-year history at its own close, never after the as_of asked for', async () => {
      // RELIANCE.csv runs 2000-2020 (known whole at 28 Feb 2020); as of 1 Feb 2020 its 31 Jan close 1411.65 is the newest.
      const result = await mcp.call('get_quote', { ticker: 'RELIANCE', as_of: '2020-02-01T00:00:00Z' });
      expect(GetQuoteOutputSchema.parse(result.structuredContent).quote).toMatchObject({
        last_price: '1411.65',
        as_of: '2020-01-31T10:00:00.000Z',
        known_at: '2020-01-31T10:00:00.000Z',
        source_file: 'RELIANCE.csv',
      });
      expect(textOf(result)).toMatch(/Known at 2020-01-31T10:00:00\.000Z; source RELIANCE\.csv\./);
    });

    it('reads the same security by NSE:<SYMBOL> and ISIN for a modern client, and renders the price as text', async () => {
      const prefixed = await mcp.call('get_quote', { ticker: 'NSE:TCS' }, { era: 'modern' });
      // cm06JAN2021bhav.csv: TCS,EQ,3100,3113.5,3037.2,3051.5,...
      expect(GetQuoteOutputSchema.parse(prefixed.structuredContent).quote).toMatchObject({
        ticker: 'TCS',
        last_price: '3051.5',
        open: '3100',
        previous_close: '3093',
      });
      expect(textOf(prefixed)).toMatch(/Tata Consultancy Services.*last price INR 3051\.5 as of 2021-01-06/);
      const byIsin = await call(GetQuoteOutputSchema, 'get_quote', { ticker: 'INE002A01018' }, 'modern');
      expect(byIsin.quote.last_price).toBe('1914.25');
    });

    it('says when no price is held on the exchange, and names search and candidates for a company name', async () => {
      expect(await failure('get_quote', { ticker: 'RELIANCE', exchange: 'BSE' })).toMatch(
        /no price is recorded for 'RELIANCE' on BSE.*list_datasets/,
      );
      expect(await failure('get_quote', { ticker: 'ZZNOSUCH' })).toMatch(/no company matches 'ZZNOSUCH'.*search/);
    });
  });

  describe('get_historical_prices', () => {
    it('returns RELIANCE daily candles oldest first as published, from start on', async () => {
      const out = await call(GetHistoricalPricesOutputSchema, 'get_historical_prices', {
        ticker: 'RELIANCE',
        start: '2020-02-27',
        end: '2020-02-27T23:59:59Z',
      });
      expect(out).toMatchObject({ company: { nse_symbol: 'RELIANCE' }, exchange: 'NSE', tickers: ['RELIANCE'], interval: '1d' });
      // sample-data/prices/daily/RELIANCE.csv: 2020-02-27,RELIANCE,EQ,1392.0,1388.0,1393.8,1369.0,1380.45,1386.25,1381.33,11454300,...
      expect(out.candles).toEqual([
        expect.objectContaining({
          start: '2020-02-27T03:45:00.000Z',
          open: '1388.0',
          high: '1393.8',
          low: '1369.0',
          close: '1386.25',
          volume: '11454300',
        }),
      ]);
      expect(out.page).toEqual({ returned: 1, limit: 30, truncated: false, next_start: null });
    });

    it('without start gives the newest candles, still oldest first (modern client)', async () => {
      const out = await call(GetHistoricalPricesOutputSchema, 'get_historical_prices', { ticker: 'NSE:RELIANCE', limit: 2 }, 'modern');
      // 28 Feb 2020 (daily history) and 6 Jan 2021 (bhavcopy): the two newest candles held.
      expect(out.candles.map((c) => [c.start.slice(0, 10), c.close])).toEqual([
        ['2020-02-28', '1328.65'],
        ['2021-01-06', '1914.25'],
      ]);
      expect(out.page.next_start).toBeNull();
    });

    it('pages forward with next_start, without overlap, to the newest candle', async () => {
      const starts: string[] = [];
      let start: string | null = '2020-02-20';
      let pages = 0;
      while (start !== null && pages < 10) {
        const out: z.output<typeof GetHistoricalPricesOutputSchema> = await call(GetHistoricalPricesOutputSchema, 'get_historical_prices', {
          ticker: 'RELIANCE',
          start,
          limit: 2,
        });
        starts.push(...out.candles.map((c) => c.start.slice(0, 10)));
        start = out.page.next_start;
        pages += 1;
      }
      // RELIANCE.csv from 20 Feb 2020 (21 Feb was a holiday), then the bhavcopy day.
      expect(starts).toEqual(['2020-02-20', '2020-02-24', '2020-02-25', '2020-02-26', '2020-02-27', '2020-02-28', '2021-01-06']);
      expect(pages).toBe(4);
    });

    it('cuts a page too large for one result and continues it from next_start', async () => {
      const first = await call(GetHistoricalPricesOutputSchema, 'get_historical_prices', { ticker: 'RELIANCE', limit: 1000 });
      expect(first.page.truncated).toBe(true);
      expect(first.candles.length).toBeGreaterThan(0);
      expect(first.candles.length).toBeLessThan(1000);
      expect(JSON.stringify(first).length).toBeLessThanOrEqual(PAGE_BUDGET);
      const last = first.candles.at(-1)?.start ?? '';
      expect(first.page.next_start).toBe(new Date(new Date(last).getTime() + 1).toISOString());
      const second = await call(GetHistoricalPricesOutputSchema, 'get_historical_prices', {
        ticker: 'RELIANCE',
        start: first.page.next_start,
        limit: 5,
      });
      expect(second.candles).toHaveLength(5);
      expect((second.candles[0]?.start ?? '') > last).toBe(true);
      // The candle right after the cut, with no gap: the day after it in RELIANCE.csv.
      const next = await call(GetHistoricalPricesOutputSchema, 'get_historical_prices', { ticker: 'RELIANCE', start: last, limit: 2 });
      expect(next.candles.map((c) => c.start)).toEqual([last, second.candles[0]?.start]);
    });

    it('adjusts on request, listing the factors, and takes as_of', async () => {
      const out = await call(GetHistoricalPricesOutputSchema, 'get_historical_prices', {
        ticker: 'RELIANCE',
        start: '2020-02-27',
        limit: 1,
        adjust: 'splits',
        as_of: '2020-03-01',
      });
      // No split or bonus of RELIANCE is among the sample's corporate actions: prices as published, the method stated.
      expect(out).toMatchObject({
        as_of: '2020-03-01T00:00:00Z',
        adjust: 'splits',
        adjustment: { method: 'backward', factors: [], actions_known_at: '2020-03-01T00:00:00.000Z' },
      });
      expect(out.candles.map((c) => [c.close, c.known_at, c.source_file])).toEqual([
        ['1386.25', '2020-02-27T10:00:00.000Z', 'RELIANCE.csv'],
      ]);
      expect(textOf(await mcp.call('get_historical_prices', { ticker: 'RELIANCE', limit: 1, adjust: 'splits' }))).toMatch(
        /Adjusted \(splits, backward\) for the actions known at .*: none applied\./,
      );
      const plain = await call(GetHistoricalPricesOutputSchema, 'get_historical_prices', { ticker: 'RELIANCE', limit: 1 });
      expect(plain).toMatchObject({ as_of: null, adjust: 'none', adjustment: null });
      // INFY's daily candles of 2024 are built from its 5-minute bars.
      const infy = await call(GetHistoricalPricesOutputSchema, 'get_historical_prices', { ticker: 'INFY', limit: 1 });
      expect(infy.candles).toEqual([expect.objectContaining({ start: '2024-06-28T03:45:00.000Z', close: '1566.65', derived: true })]);
    });

    it('serves intraday bars, and names search for a company name', async () => {
      const out = await call(GetHistoricalPricesOutputSchema, 'get_historical_prices', { ticker: 'INFY', interval: '5m', limit: 3 });
      expect(out.candles).toHaveLength(3);
      expect(out.candles.every((c) => c.interval === '5m' && c.ticker === 'INFY')).toBe(true);
      expect(textOf(await mcp.call('get_historical_prices', { ticker: 'INFY', interval: '5m', limit: 3 }))).toMatch(
        /3 5m candles of Infosys/,
      );
    });
  });

  describe('get_shareholding', () => {
    it('returns RELIANCE ownership newest period first with the filed percentages', async () => {
      const out = await call(GetShareholdingOutputSchema, 'get_shareholding', { company: 'RELIANCE' });
      expect(out.company).toMatchObject({ nse_symbol: 'RELIANCE', isin: 'INE002A01018' });
      expect(out.as_of).toBeNull();
      // sample-data/shareholding/RELIANCE.csv: 20240601T,50.33,21.75,17.30,0,10.43 (promoters, FIIs, DIIs, government, public).
      expect(out.snapshots[0]).toMatchObject({
        period_end: '2024-06-30',
        promoter_pct: '50.33',
        fii_pct: '21.75',
        dii_pct: '17.30',
        public_pct: '10.43',
        mutual_fund_pct: null,
        pledged_pct: null,
        known_at: '2024-07-21T18:30:00.000Z',
      });
      expect(out.snapshots.map((s) => s.period_end)).toEqual(['2024-06-30', '2024-03-31', '2023-12-31', '2023-09-30']);
      expect(out.page).toEqual({ offset: 0, limit: 4, returned: 4, total: null, next_offset: 4, truncated: false });
    });

    it('pages with next_offset without overlap, ending on the last of the 12 periods', async () => {
      const periods: string[] = [];
      let offset: number | null = 0;
      let last: z.output<typeof GetShareholdingOutputSchema>['page'] | undefined;
      while (offset !== null && periods.length < 50) {
        const out: z.output<typeof GetShareholdingOutputSchema> = await call(GetShareholdingOutputSchema, 'get_shareholding', {
          company: 'RELIANCE',
          limit: 5,
          offset,
        });
        periods.push(...out.snapshots.map((s) => s.period_end));
        last = out.page;
        offset = out.page.next_offset;
      }
      // RELIANCE.csv has 12 quarters, Sep 2021 to Jun 2024.
      expect(periods).toHaveLength(12);
      expect(new Set(periods).size).toBe(12);
      expect(periods.at(-1)).toBe('2021-09-30');
      expect(last).toMatchObject({ offset: 10, returned: 2, total: 12, next_offset: null });
    });

    it('as_of leaves out a pattern not yet knowable (its SEBI deadline), for a modern client', async () => {
      // Jun 2024 is knowable from 2024-07-21T18:30Z (the deadline estimate); before it, Mar 2024 is the newest:
      // RELIANCE.csv 20240301T,50.31,22.06,16.98,0,10.46.
      const before = await call(
        GetShareholdingOutputSchema,
        'get_shareholding',
        { company: 'RELIANCE', as_of: '2024-07-21T23:59:59+05:30', limit: 1 },
        'modern',
      );
      expect(before.as_of).toBe('2024-07-21T23:59:59+05:30');
      expect(before.snapshots).toEqual([
        expect.objectContaining({ period_end: '2024-03-31', promoter_pct: '50.31', fii_pct: '22.06', public_pct: '10.46' }),
      ]);
      const at = await call(GetShareholdingOutputSchema, 'get_shareholding', { company: 'RELIANCE', as_of: '2024-07-22', limit: 1 });
      expect(at.as_of).toBe('2024-07-22T00:00:00Z');
      expect(at.snapshots.map((s) => s.period_end)).toEqual(['2024-06-30']);
    });

    it('adds holder lines and filters by period end', async () => {
      const out = await call(GetShareholdingOutputSchema, 'get_shareholding', {
        company: 'HCLTECH',
        period_end: '2025-06-30',
        holders: true,
      });
      expect(out.snapshots).toHaveLength(1);
      // sample-data/shareholding/all_shp_data_raw-HCLTECH-HDFCBANK.json: Ms. Kiran Nadar, 494602 shares, 0.02 %.
      expect(out.snapshots[0]?.holders).toContainEqual(
        expect.objectContaining({ name: 'Ms. Kiran Nadar', shares: '494602', percentage: '0.02' }),
      );
      expect(out.page).toMatchObject({ total: 1, next_offset: null });
    });
  });

  describe('get_corporate_actions', () => {
    it('returns the HDFC Bank split of 14 Jul 2011 in an ex-date window', async () => {
      const out = await call(GetCorporateActionsOutputSchema, 'get_corporate_actions', { start: '2011-07-14', end: '2011-07-14' });
      expect(out.company).toBeNull();
      // sample-data/corporate_actions/Corporate_Actions.csv: 500180,HDFCBANK,14 Jul 2011,Stock  Split From Rs.10/- to Rs.2/-,16 Jul 2011,...
      expect(out.actions.filter((a) => a.company.bse_code === '500180')).toEqual([
        expect.objectContaining({
          // The scrip code's company, named as the master names it, with its ISIN now: no list
          // of the sample is dated before the ex-date (its 2015 BSE list is the oldest).
          company_id: companyIdFromIsin('INE040A01034'),
          company_name: 'HDFC Bank Limited',
          company_isin: 'INE040A01034',
          action_type: 'stock_split',
          ex_date: '2011-07-14',
          record_date: '2011-07-16',
          face_value_from: '10',
          face_value_to: '2',
          amount_per_share: null,
          purpose: 'Stock  Split From Rs.10/- to Rs.2/-',
        }),
      ]);
      expect(out.actions.every((a) => a.ex_date === '2011-07-14')).toBe(true);
      const text = textOf(await mcp.call('get_corporate_actions', { company: 'HDFCBANK', type: 'stock_split' }));
      expect(text).toContain('stock_split of HDFC Bank Limited, ISIN INE040A01034, BSE: 500180');
      expect(out.page).toMatchObject({ offset: 0, returned: out.actions.length, total: out.actions.length, next_offset: null });
    });

    it('pages with next_offset without overlap (modern client)', async () => {
      const first = await call(GetCorporateActionsOutputSchema, 'get_corporate_actions', { type: 'stock_split', limit: 5 }, 'modern');
      // The export has 472 stock splits, and nothing else the five types name.
      expect(first.page).toMatchObject({ offset: 0, limit: 5, returned: 5, total: 472, next_offset: 5 });
      const second = await call(GetCorporateActionsOutputSchema, 'get_corporate_actions', {
        type: 'stock_split',
        limit: 5,
        offset: first.page.next_offset,
      });
      const both = await call(GetCorporateActionsOutputSchema, 'get_corporate_actions', { type: 'stock_split', limit: 10 });
      expect([...first.actions, ...second.actions].map((a) => a.id)).toEqual(both.actions.map((a) => a.id));
      expect(new Set(both.actions.map((a) => a.id)).size).toBe(10);
      const exDates = both.actions.map((a) => a.ex_date ?? '');
      expect(exDates).toEqual([...exDates].sort().reverse());
    });

    it('filters by company and type: the BSE export names no sample company, and has no dividends', async () => {
      // Its rows carry BSE codes only, and the sample has no BSE master list to resolve them.
      const reliance = await call(GetCorporateActionsOutputSchema, 'get_corporate_actions', { company: 'RELIANCE' });
      expect(reliance.company).toMatchObject({ nse_symbol: 'RELIANCE' });
      expect(reliance.actions).toEqual([]);
      expect(reliance.page).toMatchObject({ total: 0, next_offset: null });
      const dividends = await mcp.call('get_corporate_actions', { type: 'dividend' });
      expect(GetCorporateActionsOutputSchema.parse(dividends.structuredContent).actions).toEqual([]);
      expect(textOf(dividends)).toMatch(/not proof of absence.*list_datasets/);
    });
  });

  describe('list_event_types and get_events', () => {
    it('list_event_types counts the types present, across companies and for one (modern client)', async () => {
      const all = await call(ListEventTypesOutputSchema, 'list_event_types', {}, 'modern');
      expect(all.company).toBeNull();
      // As GET /v1/events?types=true counts them: the insider CSV's 101 records are 101 of the 102 insider_trading.
      expect(all.event_types.slice(0, 3)).toEqual([
        { event_type: 'insider_trading', count: 102 },
        { event_type: 'agm_egm', count: 59 },
        { event_type: 'newspaper_publication', count: 42 },
      ]);
      expect(all.event_types).toContainEqual({ event_type: 'dividend', count: 6 });
      expect(all.note).toMatch(/not proof/);
      // CF-Insider-Trading-equities-29-04-2020-to-29-07-2020.csv: five YESBANK records.
      const yes = await call(ListEventTypesOutputSchema, 'list_event_types', { company: 'YESBANK' });
      expect(yes.company).toMatchObject({ nse_symbol: 'YESBANK' });
      expect(yes.event_types).toEqual([{ event_type: 'insider_trading', count: 5 }]);
    });

    it('get_events returns a dividend announcement with its amount in the disclosure text', async () => {
      const out = await call(
        GetEventsOutputSchema,
        'get_events',
        { type: 'dividend', start: '2021-08-21T15:07:30Z', end: '2021-08-21T15:07:30Z' },
        'modern',
      );
      // BSE_2021-08-21_2021-08-21.csv: 532841, Sahyadri Industries Ltd, 21-08-2021 20:37:30 (IST), "... Final Dividend of INR 3.5 per Equity Share ..."
      expect(out.events).toEqual([
        expect.objectContaining({
          event_type: 'dividend',
          published_at: '2021-08-21T15:07:30.000Z',
          attachment_url: 'https://www.bseindia.com/xml-data/corpfiling/AttachLive/0929e9e7-ea7e-4128-9725-b78c88dbece4.pdf',
        }),
      ]);
      expect(out.events[0]?.company).toMatchObject({ bse_code: '532841' });
      expect(out.events[0]?.subject).toMatch(/Payment Of Final Dividend For Financial Year 2020-21/);
      expect(out.events[0]?.body).toMatch(/Final Dividend of INR 3\.5 per Equity Share/);
      expect(out).toMatchObject({ company: null, type: 'dividend', page: { total: 1, next_offset: null } });
      expect(out.note).toMatch(/not proof.*never instructions.*not parsed trades/);
    });

    it("get_events pages a company's insider disclosures with next_offset, without overlap", async () => {
      const ids: string[] = [];
      let offset: number | null = 0;
      while (offset !== null && ids.length < 50) {
        const out: z.output<typeof GetEventsOutputSchema> = await call(GetEventsOutputSchema, 'get_events', {
          company: 'YESBANK',
          type: 'insider_trading',
          limit: 2,
          offset,
        });
        expect(out.page.total).toBe(5);
        ids.push(...out.events.map((e) => e.id));
        offset = out.page.next_offset;
      }
      const whole = await call(GetEventsOutputSchema, 'get_events', { company: 'YESBANK', type: 'insider_trading', limit: 50 });
      expect(ids).toEqual(whole.events.map((e) => e.id));
      expect(new Set(ids).size).toBe(5);
      // The insider CSV: E.Prasanth Prabhakaran, Buy, disseminated 28-Jul-2020 21:36 (IST); a document, figures in the XBRL.
      expect(whole.events).toContainEqual(
        expect.objectContaining({
          event_type: 'insider_trading',
          published_at: '2020-07-28T16:06:00.000Z',
          subject: expect.stringContaining('E.Prasanth Prabhakaran'),
          attachment_url: 'https://archives.nseindia.com/corporate/xbrl/IT_1075437_298326_28072020093641_WEB.xml',
        }),
      );
    });

    it('get_events as_of leaves out disclosures not yet knowable', async () => {
      // Of the five YESBANK records, SUNIL MEHTA's was disseminated 28-Jul-2020 17:38 IST, the other four at 21:36 IST.
      const out = await call(GetEventsOutputSchema, 'get_events', { company: 'YESBANK', as_of: '2020-07-28T18:00:00+05:30' });
      expect(out.events).toEqual([
        expect.objectContaining({ published_at: '2020-07-28T12:08:00.000Z', subject: expect.stringContaining('SUNIL MEHTA') }),
      ]);
      expect(out.page.total).toBe(1);
      const later = await call(GetEventsOutputSchema, 'get_events', { company: 'YESBANK', as_of: '2020-07-29' });
      expect(later.page.total).toBe(5);
    });

    it('get_events rejects a type that is not present, listing the types and list_event_types', async () => {
      const text = await failure('get_events', { type: 'dividends' });
      expect(text).toMatch(/unknown event type 'dividends'/);
      expect(text).toMatch(/insider_trading, agm_egm, newspaper_publication/);
      expect(text).toMatch(/list_event_types/);
    });
  });

  it.each(BY_NAME)('%s with a company name is an error naming search and the candidates', async (name, args) => {
    const text = await failure(name, args);
    expect(text).toMatch(/'Reliance Industries' does not name one company exactly/);
    expect(text).toMatch(/NSE:RELIANCE/);
    expect(text).toMatch(/Call search/);
  });

  it.each(INVALID)('%s rejects invalid input %j as a tool error naming %s', async (name, args, field) => {
    const text = await failure(name, args);
    expect(text).toMatch(/invalid/i);
    expect(text).toContain(field);
  });
});
