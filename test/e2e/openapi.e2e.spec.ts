import { Validator } from '@seriousme/openapi-schema-validator';
import type { OpenAPIV3_1 } from 'openapi-types';
import { expect, it } from 'vitest';
import { QUERY_DATETIME_PATTERN } from '#serve/http/validation/query-text-schemas';
import { givenApi } from '../support/api-harness.ts';
import { describeEachDatabase } from '../support/databases.ts';

// Every route of SPEC.md's Endpoints part, as the OpenAPI document must list it.
const SPEC_ROUTES = [
  'get /v1/',
  'get /v1/companies',
  'get /v1/instruments',
  'get /v1/prices',
  'get /v1/financials',
  'get /v1/financial-metrics',
  'get /v1/shareholding',
  'get /v1/filings',
  'get /v1/events',
  'get /v1/corporate-actions',
  'post /v1/search',
  'post /v1/query',
  'post /v1/ask',
];

describeEachDatabase('the OpenAPI document', (database) => {
  const api = givenApi(database, { ingest: false });

  it('is OpenAPI 3.1 with version 0.1.0, lists every route, and validates against the 3.1 schema', async () => {
    const response = await api.get('/v1/openapi.json');
    expect(response.statusCode).toBe(200);
    const document = response.json<OpenAPIV3_1.Document>();
    expect(document.openapi).toBe('3.1.0');
    expect(document.info.version).toBe('0.1.0');
    const result = await new Validator().validate(document);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    const routes = Object.entries(document.paths ?? {}).flatMap(([path, operations]) =>
      Object.keys(operations ?? {}).map((method) => `${method} ${path}`),
    );
    expect(routes).toEqual(expect.arrayContaining(SPEC_ROUTES));
  });

  it('documents parameters with their bounds and the 422 body', async () => {
    const document = (await api.get('/v1/openapi.json')).json<OpenAPIV3_1.Document>();
    const parameter = (path: string, name: string) =>
      (document.paths?.[path]?.get?.parameters as OpenAPIV3_1.ParameterObject[] | undefined)?.find((p) => p.name === name);
    const limit = parameter('/v1/companies', 'limit');
    expect(limit).toMatchObject({ in: 'query', required: false, schema: { type: 'integer', minimum: 1, maximum: 500, default: 100 } });
    const ticker = parameter('/v1/financials', 'ticker');
    expect(ticker).toMatchObject({ required: true, schema: { type: 'string', minLength: 1, maxLength: 200 } });
    expect(JSON.stringify(document.paths?.['/v1/companies']?.get?.responses?.['422'])).toContain('HTTPValidationError');
  });

  it('documents the extensions: the version chain route and recorded_as_of', async () => {
    const document = (await api.get('/v1/openapi.json')).json<OpenAPIV3_1.Document>();
    const versions = document.paths?.['/v1/financials/versions']?.get;
    const names = (versions?.parameters as OpenAPIV3_1.ParameterObject[] | undefined)?.map((p) => [p.name, p.required]);
    expect(names).toEqual([
      ['ticker', true],
      ['concept', true],
      ['period_end', true],
      ['basis', false],
      ['period_type', false],
      ['as_of', false],
      ['recorded_as_of', false],
    ]);
    expect(Object.keys(versions?.responses ?? {})).toEqual(expect.arrayContaining(['200', '401', '404', '422', '503']));
    const financials = (document.paths?.['/v1/financials']?.get?.parameters as OpenAPIV3_1.ParameterObject[] | undefined)?.find(
      (p) => p.name === 'recorded_as_of',
    );
    expect(financials).toMatchObject({ in: 'query', required: false, schema: { type: 'string', pattern: QUERY_DATETIME_PATTERN } });
  });

  it('documents the upload extension: a raw body, its name, URL and time in the query, provenance in a header, 202', async () => {
    const document = (await api.get('/v1/openapi.json')).json<OpenAPIV3_1.Document>();
    const upload = document.paths?.['/v1/documents']?.post;
    expect(upload?.tags).toEqual(['ingestion']);
    expect(upload?.description).toMatch(/^Extension \(docs\/relay\.md\)/);
    expect(upload?.requestBody).toMatchObject({
      required: true,
      content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } },
    });
    const parameters = (upload?.parameters as OpenAPIV3_1.ParameterObject[] | undefined)?.map((p) => [p.in, p.name, p.required]);
    expect(parameters).toEqual([
      ['query', 'file_name', true],
      ['query', 'source_url', false],
      ['query', 'known_at', false],
      ['header', 'x-document-attributes', false],
    ]);
    expect(Object.keys(upload?.responses ?? {}).sort()).toEqual(['202', '401', '403', '413', '415', '422', '429', '503']);
    expect(JSON.stringify(upload?.responses?.['202'])).toContain('DocumentUploadResponse');
  });

  it('is served with an interactive page at /docs', async () => {
    const response = await api.get('/docs/');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/text\/html/);
  });

  it("serves /docs, its files and its document under a CSP and framing headers, as the explorer's", async () => {
    for (const url of ['/docs', '/docs/', '/docs/static/swagger-ui-bundle.js', '/docs/static/swagger-ui.css', '/docs/json']) {
      const response = await api.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      const csp = String(response.headers['content-security-policy']);
      for (const directive of ["default-src 'none'", "script-src 'self'", "connect-src 'self'", "frame-ancestors 'none'"]) {
        expect(csp.split('; '), url).toContain(directive);
      }
      // Styles from this origin, and inline ones only by hash (checked in Chromium: swagger-ui's logo).
      expect(csp, url).toMatch(/(^|; )style-src 'self'( 'sha256-[\w+/=]+')*(;|$)/);
      expect(csp, url).not.toMatch(/unsafe/);
      expect(response.headers['x-frame-options'], url).toBe('DENY');
      expect(response.headers['x-content-type-options'], url).toBe('nosniff');
    }
    // The policy allows no inline script or style: the page must have none.
    const page = (await api.app.inject({ method: 'GET', url: '/docs/' })).body;
    expect(page.match(/<script\b[^>]*>/g)?.every((tag) => / src="/.test(tag))).toBe(true);
    expect(page).not.toMatch(/<style\b| style=/);
  });
});
