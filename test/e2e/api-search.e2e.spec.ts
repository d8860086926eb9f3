import { expect, it } from 'vitest';
import { QueryResponseSchema } from '#schemas/api/query';
import { SearchResponseSchema } from '#schemas/api/search';
import type { SearchHit } from '#schemas/read-models/search';
import { errorKeys, givenApi, validationErrors } from '../support/api-harness.ts';
import { describeEachDatabase } from '../support/databases.ts';

describeEachDatabase('POST /v1/search on the sample', (database) => {
  const api = givenApi(database);
  const searchFor = async (body: object) => {
    const response = await api.post('/v1/search', body);
    expect(response.statusCode, response.body).toBe(200);
    return SearchResponseSchema.parse(response.json());
  };

  it('resolves an exact identifier, first, with score 1', async () => {
    for (const query of ['RELIANCE', 'NSE:RELIANCE', 'INE002A01018']) {
      const body = await searchFor({ query, kinds: ['company'] });
      expect(body.data.resolved, query).toMatchObject({ nse_symbol: 'RELIANCE', isin: 'INE002A01018' });
      expect(body.data.hits[0], query).toMatchObject({ kind: 'company', score: 1, match: 'exact' });
    }
  });

  it('offers a misspelt name as candidates and resolves nothing', async () => {
    const body = await searchFor({ query: 'Relaince Industries', kinds: ['company'] });
    expect(body.data.resolved).toBeNull();
    expect(body.data.candidates.map((c) => c.company.nse_symbol)).toContain('RELIANCE');
    expect(body.data.hits.every((hit) => hit.score < 1)).toBe(true);
  });

  it('maps concept synonyms and finds document text', async () => {
    const concepts = await searchFor({ query: 'net profit', kinds: ['concept'] });
    expect(concepts.data.hits[0]).toMatchObject({ kind: 'concept', match: 'synonym' });
    expect(JSON.stringify(concepts.data.hits[0])).toContain('ProfitAfterTax');
    const documents = await searchFor({ query: 'restricted stock units', kinds: ['document'], limit: 5 });
    expect(documents.data.hits.length).toBeGreaterThan(0);
    expect(documents.meta).toMatchObject({ query: 'restricted stock units', count: documents.data.hits.length, limit: 5 });
  });

  // sample-data/documents: Infosys's "Grant of RSUs" intimation says "RSUs" twice and never "RSU"; the BSE
  // announcements of 21 Aug 2021 say "pursuant" 80 times and RSU never. L&T Technology Services' press release
  // says "Press Release" three times and never "revenue".
  type TextHit = Extract<SearchHit, { kind: 'document' | 'announcement' }>;
  const INFY_RSUS = 'Grant of RSUs 01082025 (OCR text)';
  const LTTS_PRESS_RELEASE = 'PressRelease (OCR text)';

  it('finds filings by whole words: "RSU" is the Infosys grant of RSUs, never "pursuant"', async () => {
    const body = await searchFor({ query: 'RSU', kinds: ['document', 'announcement'], limit: 100 });
    expect(body.data.hits.map((hit) => hit.title)).toEqual([INFY_RSUS]);
    expect(body.data.hits[0]).toMatchObject({
      kind: 'document',
      match: 'fulltext',
      terms_matched: 1,
      terms: 1,
      company: { nse_symbol: 'INFY' },
      snippet: expect.stringContaining('**RSUs**'),
    });
    // The research query's passages read the same search.
    const query = await api.post('/v1/query', { query: 'RSU', plan: { route: 'semantic', search_text: 'RSU' } });
    expect(query.statusCode, query.body).toBe(200);
    expect(QueryResponseSchema.parse(query.json()).data.evidence.passages?.map((p) => p.title)).toEqual([INFY_RSUS]);
  });

  it('ranks filings holding more of the words first: "press release revenue" finds the LTTS press release', async () => {
    const body = await searchFor({ query: 'press release revenue', kinds: ['document', 'announcement'], limit: 100 });
    const hits = body.data.hits.filter((hit): hit is TextHit => hit.kind === 'document' || hit.kind === 'announcement');
    expect(hits).toHaveLength(body.data.hits.length);
    expect(hits.find((hit) => hit.title === LTTS_PRESS_RELEASE)).toMatchObject({
      kind: 'document',
      company: { nse_symbol: 'LTTS' },
      terms_matched: 2,
      terms: 3,
    });
    const held = hits.map((hit) => hit.terms_matched);
    expect(held).toEqual([...held].sort((a, b) => b - a));
    // Every hit holding all three words scores above every hit holding fewer.
    const allThree = hits.filter((hit) => hit.terms_matched === 3).map((hit) => hit.score);
    const fewer = hits.filter((hit) => hit.terms_matched < 3).map((hit) => hit.score);
    if (allThree.length > 0 && fewer.length > 0) expect(Math.min(...allThree)).toBeGreaterThan(Math.max(...fewer));

    const query = await api.post('/v1/query', {
      query: 'press release revenue',
      plan: { route: 'semantic', search_text: 'press release revenue' },
      limit: 50,
    });
    expect(query.statusCode, query.body).toBe(200);
    expect(QueryResponseSchema.parse(query.json()).data.evidence.passages?.map((p) => p.title)).toContain(LTTS_PRESS_RELEASE);
  });

  it('validates SearchBody: bounds, kinds, unknown properties, a missing body', async () => {
    expect(await searchFor({ query: 'x'.repeat(200), limit: 100 })).toBeTruthy();
    expect(await searchFor({ query: 'a', limit: 1, kinds: null, ticker: null })).toBeTruthy();
    expect(
      errorKeys(
        await api.post('/v1/search', {
          query: '',
          limit: 0,
          kinds: ['company', 'company', 'company', 'company', 'company', 'company', 'company'],
          ticker: 't'.repeat(201),
          extra: true,
        }),
      ),
    ).toEqual([
      'body.extra:extra_forbidden',
      'body.kinds:too_long',
      'body.limit:greater_than_equal',
      'body.query:string_too_short',
      'body.ticker:string_too_long',
    ]);
    expect(errorKeys(await api.post('/v1/search', { query: 'x'.repeat(201), limit: 101, kinds: ['people'] }))).toEqual([
      'body.kinds.0:literal_error',
      'body.limit:less_than_equal',
      'body.query:string_too_long',
    ]);
    expect(validationErrors(await api.post('/v1/search', { limit: 5 }))).toEqual([
      { type: 'missing', loc: ['body', 'query'], msg: 'Field required', input: { limit: 5 } },
    ]);
    const empty = await api.app.inject({ method: 'POST', url: '/v1/search', headers: { 'x-api-key': api.key } });
    expect(validationErrors(empty)).toEqual([{ type: 'missing', loc: ['body'], msg: 'Field required', input: null }]);
    const broken = await api.app.inject({
      method: 'POST',
      url: '/v1/search',
      headers: { 'x-api-key': api.key, 'content-type': 'application/json' },
      payload: '{"query": ',
    });
    expect(validationErrors(broken)[0]).toMatchObject({ type: 'json_invalid', loc: ['body', 0] });
  });
});
