import { expect, it } from 'vitest';
import { EventsResponseSchema } from '#schemas/api/events';
import { ShareholdingResponseSchema } from '#schemas/api/shareholding';
import { errorKeys, givenApi } from '../support/api-harness.ts';
import { describeEachDatabase } from '../support/databases.ts';

describeEachDatabase('GET /v1/shareholding and /v1/events on the sample', (database) => {
  const api = givenApi(database);

  it('GET /v1/shareholding returns snapshots newest first, one per period end', async () => {
    const response = await api.get('/v1/shareholding?ticker=RELIANCE');
    expect(response.statusCode).toBe(200);
    const body = ShareholdingResponseSchema.parse(response.json());
    const periods = body.data.map((s) => s.period_end);
    expect(periods).toEqual([...new Set(periods)].sort().reverse());
    expect(body.data.length).toBe(12);
    // sample-data/shareholding: RELIANCE, quarter ended 30 June 2024.
    expect(body.data.find((s) => s.period_end === '2024-06-30')).toMatchObject({
      company: { nse_symbol: 'RELIANCE', isin: 'INE002A01018' },
      promoter_pct: '50.33',
      fii_pct: '21.75',
      dii_pct: '17.30',
      public_pct: '10.43',
      mutual_fund_pct: null,
      pledged_pct: null,
      known_at: '2024-07-21T18:30:00.000Z',
    });
    expect(body.data.every((s) => s.holders === undefined)).toBe(true);
    expect(body.meta).toMatchObject({ ticker: 'RELIANCE', holders: false, count: 12, limit: 20, dataset: 'shareholding' });
  });

  it('GET /v1/shareholding adds holder lines with holders=true, and filters by period_end', async () => {
    const body = ShareholdingResponseSchema.parse(
      (await api.get('/v1/shareholding?ticker=HCLTECH&period_end=2025-06-30&holders=true')).json(),
    );
    expect(body.data).toHaveLength(1);
    expect(body.data[0]?.holders).toHaveLength(59);
    expect(body.data[0]?.holders).toContainEqual(
      expect.objectContaining({ name: 'Ms. Kiran Nadar', shares: '494602', percentage: '0.02' }),
    );
  });

  it('GET /v1/shareholding takes limit 1..100 and validates its parameters', async () => {
    expect(ShareholdingResponseSchema.parse((await api.get('/v1/shareholding?ticker=RELIANCE&limit=1')).json()).data).toHaveLength(1);
    expect((await api.get('/v1/shareholding?ticker=RELIANCE&limit=100')).statusCode).toBe(200);
    expect(errorKeys(await api.get('/v1/shareholding?ticker=RELIANCE&limit=101&holders=perhaps&period_end=30-06-2024'))).toEqual([
      'query.holders:bool_parsing',
      'query.limit:less_than_equal',
      'query.period_end:date_from_datetime_parsing',
    ]);
    expect(errorKeys(await api.get('/v1/shareholding?limit=0'))).toEqual(['query.limit:greater_than_equal', 'query.ticker:missing']);
    expect((await api.get('/v1/shareholding?ticker=NOSUCHCO')).statusCode).toBe(404);
  });

  it('GET /v1/events pages the disclosure stream newest first, by type and window', async () => {
    const first = EventsResponseSchema.parse((await api.get('/v1/events?limit=200')).json());
    const second = EventsResponseSchema.parse((await api.get('/v1/events?limit=200&offset=200')).json());
    expect(first.meta).toMatchObject({ count: 200, total: 356, limit: 200, offset: 0, dataset: 'events' });
    expect(second.data).toHaveLength(156);
    const results = EventsResponseSchema.parse(
      (await api.get('/v1/events?type=financial_results&start=2021-08-21T16:18:41Z&end=2021-08-21T16:18:41Z')).json(),
    );
    expect(results.data).toEqual([
      expect.objectContaining({
        event_type: 'financial_results',
        category: 'Result',
        subject: 'Quarterly Financial Results For The Period Ended June 30, 2021.',
        attachment_url: 'https://www.bseindia.com/xml-data/corpfiling/AttachLive/6d9565f0-f529-427c-a452-5986a9514eeb.pdf',
        published_at: '2021-08-21T16:18:41.000Z',
      }),
    ]);
    const insider = EventsResponseSchema.parse((await api.get('/v1/events?ticker=YESBANK&type=insider_trading')).json());
    expect(insider.data).toHaveLength(5);
    expect(insider.meta).toMatchObject({ ticker: 'YESBANK', type: 'insider_trading' });
  });

  it('GET /v1/events?types=true lists the event types present with counts', async () => {
    const body = EventsResponseSchema.parse((await api.get('/v1/events?types=true')).json());
    expect(body.data.slice(0, 3)).toEqual([
      { event_type: 'insider_trading', count: 102 },
      { event_type: 'agm_egm', count: 59 },
      { event_type: 'newspaper_publication', count: 42 },
    ]);
    expect(body.meta).toMatchObject({ types: true, count: body.data.length });
  });

  it('GET /v1/events takes limit 1..200, offset >= 0 and validates its parameters', async () => {
    expect((await api.get('/v1/events?limit=1')).statusCode).toBe(200);
    expect((await api.get('/v1/events?limit=200')).statusCode).toBe(200);
    expect(
      errorKeys(await api.get(`/v1/events?limit=201&offset=-1&type=${'t'.repeat(61)}&start=x&types=2&ticker=${'T'.repeat(201)}`)),
    ).toEqual([
      'query.limit:less_than_equal',
      'query.offset:greater_than_equal',
      'query.start:datetime_from_date_parsing',
      'query.ticker:string_too_long',
      'query.type:string_too_long',
      'query.types:bool_parsing',
    ]);
    expect((await api.get('/v1/events?ticker=NOSUCHCO')).statusCode).toBe(404);
  });
});
