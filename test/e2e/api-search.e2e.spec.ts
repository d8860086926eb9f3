import { expect, it } from 'vitest';
import { SearchResponseSchema } from '../../schemas/api/search.ts';
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
