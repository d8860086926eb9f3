import { expect, it } from 'vitest';
import { ApiIndexResponseSchema } from '#schemas/api/api-index';
import { givenApi } from '../../../test/support/api-harness.ts';
import { describeEachDatabase } from '../../../test/support/databases.ts';

describeEachDatabase('GET /explore', (database) => {
  const api = givenApi(database, { ingest: false });
  const fetchPublic = (url: string) => api.app.inject({ method: 'GET', url });

  it('serves the page and its modules without a key, under a CSP that allows only this origin', async () => {
    for (const [url, type] of [
      ['/explore', 'text/html'],
      ['/explore/app.js', 'text/javascript'],
      ['/explore/views/financials.js', 'text/javascript'],
      ['/explore/explorer.css', 'text/css'],
      ['/explore/vendor/uPlot.esm.js', 'text/javascript'],
      ['/explore/vendor/uPlot.min.css', 'text/css'],
    ] as const) {
      const response = await fetchPublic(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type'], url).toContain(type);
      expect(response.headers['content-security-policy'], url).toContain("script-src 'self'");
      expect(response.headers['content-security-policy'], url).toContain("connect-src 'self'");
      expect(response.headers['x-content-type-options'], url).toBe('nosniff');
    }
    expect((await fetchPublic('/explore')).body).toContain('first-api-key');
  });

  it('serves only its fixed list of files: no path from the request reaches the disk', async () => {
    for (const url of [
      '/explore/../package.json',
      '/explore/%2e%2e/package.json',
      '/explore/vendor/uPlot.cjs.js',
      '/explore/index.html',
      '/explore/page/app.js',
    ]) {
      expect((await fetchPublic(url)).statusCode, url).toBe(404);
    }
  });

  it('is linked from GET /v1/ and the OpenAPI description', async () => {
    expect(ApiIndexResponseSchema.parse((await fetchPublic('/v1/')).json()).data.explorer).toBe('/explore');
    expect((await fetchPublic('/v1/openapi.json')).json()).toMatchObject({ info: { description: expect.stringContaining('/explore') } });
  });
});
