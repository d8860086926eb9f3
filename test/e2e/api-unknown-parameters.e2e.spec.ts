import type { OpenAPIV3_1 } from 'openapi-types';
import { expect, it } from 'vitest';
import { createKey } from '#serve/access/create-key';
import { errorKeys, givenApi, validationErrors } from '../support/api-harness.ts';
import { describeEachDatabase } from '../support/databases.ts';

const extra = (name: string, input: string) => ({
  type: 'extra_forbidden',
  loc: ['query', name],
  msg: 'Extra inputs are not permitted',
  input,
});

describeEachDatabase('unknown query parameters are a 422, never ignored (docs/api.md)', (database) => {
  const api = givenApi(database);

  it('GET /v1/financials with vintage_date, which it does not declare, is a 422 naming it', async () => {
    const response = await api.get('/v1/financials?ticker=ACC&vintage_date=2020-01-01');
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ detail: [extra('vintage_date', '2020-01-01')] });
    expect((await api.get('/v1/financials?ticker=ACC&concept=Revenue&period=quarterly&limit=1')).statusCode).toBe(200);
  });

  it('GET /v1/companies?ticker= and GET /v1/corporate-actions?bse_code= are 422s naming the parameter', async () => {
    expect(validationErrors(await api.get('/v1/companies?ticker=INFY'))).toEqual([extra('ticker', 'INFY')]);
    expect(validationErrors(await api.get('/v1/corporate-actions?bse_code=517001'))).toEqual([extra('bse_code', '517001')]);
    expect((await api.get('/v1/companies?q=infosys&limit=5')).statusCode).toBe(200);
    expect((await api.get('/v1/corporate-actions?ticker=RELIANCE&limit=5')).statusCode).toBe(200);
  });

  it('reports an unknown parameter beside the errors of the declared ones; a repeated declared one is not unknown', async () => {
    expect(errorKeys(await api.get('/v1/companies?limit=0&tickr=ACC'))).toEqual([
      'query.limit:greater_than_equal',
      'query.tickr:extra_forbidden',
    ]);
    expect((await api.get('/v1/companies?q=tata&q=infosys')).statusCode).toBe(200);
    expect(errorKeys(await api.get('/v1/companies?q=infosys&utm_source=a&utm_source=b'))).toEqual(['query.utm_source:extra_forbidden']);
  });

  it('holds on every operation of the OpenAPI document that takes query parameters, as the document says', async () => {
    const document = (await api.get('/v1/openapi.json')).json<OpenAPIV3_1.Document>();
    // OpenAPI parameters cannot say "no others"; the document says it in words.
    expect(document.info.description).toContain('A query parameter an operation does not list is a 422 (type extra_forbidden');
    const { key } = await createKey(api.service.harness.db, {
      workspace: { name: 'unknown parameters' },
      name: 'every scope',
      scopes: ['read', 'admin', 'ingest'],
    });
    const operations = Object.entries(document.paths ?? {}).flatMap(([path, methods]) =>
      Object.entries(methods ?? {}).flatMap(([method, operation]) => {
        const parameters = ((operation as OpenAPIV3_1.OperationObject).parameters ?? []) as OpenAPIV3_1.ParameterObject[];
        return parameters.some((parameter) => parameter.in === 'query') ? [{ path, method: method.toUpperCase() as 'GET' | 'POST' }] : [];
      }),
    );
    expect(operations.length).toBeGreaterThanOrEqual(12);
    for (const { path, method } of operations) {
      const response = await api.app.inject({ method, url: `${path}?not_a_parameter=1`, headers: { 'x-api-key': key } });
      const detail = validationErrors(response);
      expect(detail, `${method} ${path}`).toContainEqual(extra('not_a_parameter', '1'));
    }
  });
});
