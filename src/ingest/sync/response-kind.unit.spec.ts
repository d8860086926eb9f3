import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../../test/support/parse-input.ts';
import type { ExchangeResponse } from './exchange-client.ts';
import { classifyResponse } from './response-kind.ts';

const text = (body: string) => new TextEncoder().encode(body);

function answer(status: number, bytes: Uint8Array, contentType: string | null = 'application/json'): ExchangeResponse {
  const url = 'https://www.nseindia.com/api/corporates-financial-results?index=equities';
  return {
    url,
    finalUrl: url,
    host: 'nse-www',
    status,
    bytes,
    contentType,
    etag: null,
    lastModified: null,
    fetchedAt: '2025-01-06T13:00:00.000Z',
    attempts: 1,
  };
}

/** A recorded NSE results listing when ../shared has one, else the project's own results sample: real JSON either way. */
function realJson(): Uint8Array {
  const recorded = path.resolve(REPO_ROOT, '../shared/data/exchange/api/nse/corporates-financial-results');
  const name = existsSync(recorded) ? readdirSync(recorded).find((file) => file.endsWith('.json')) : undefined;
  return readFileSync(name ? path.join(recorded, name) : path.join(REPO_ROOT, 'sample-data/results/index/tcs.json'));
}

/** What Akamai answers a client it has blocked. */
const ACCESS_DENIED = `<HTML><HEAD>\n<TITLE>Access Denied</TITLE>\n</HEAD><BODY>\n<H1>Access Denied</H1>\nYou don't have permission to access "http&#58;&#47;&#47;www&#46;nseindia&#46;com&#47;api&#47;" on this server.<P>\nReference&#32;&#35;18&#46;1c2d3e4f\n</BODY>\n</HTML>\n`;

/** NSE's page for a file that is not there (yet). */
const NOT_FOUND_PAGE = `<!DOCTYPE html>\n<html lang="en"><head><title>NSE - National Stock Exchange of India Ltd.</title></head><body><h1>Page not found</h1></body></html>`;

describe('classifyResponse', () => {
  it('calls 401 and 403 blocked, whatever the body', () => {
    expect(classifyResponse(answer(401, text('{"data":[1]}')), 'json').kind).toBe('blocked');
    expect(classifyResponse(answer(403, realJson()), 'json').kind).toBe('blocked');
    expect(classifyResponse(answer(403, text('PK\u0003\u0004'), 'application/zip'), 'zip').kind).toBe('blocked');
  });

  it('calls 404 absent and a 500 failed', () => {
    expect(classifyResponse(answer(404, text(NOT_FOUND_PAGE), 'text/html'), 'zip').kind).toBe('absent');
    expect(classifyResponse(answer(500, text('{"data":[1]}')), 'json')).toEqual({ kind: 'failed', reason: 'HTTP 500' });
  });

  it('never takes an empty body for data', () => {
    for (const expected of ['json', 'csv', 'zip', 'xml'] as const) {
      expect(classifyResponse(answer(200, new Uint8Array()), expected).kind).toBe('not-published');
    }
  });

  it('calls an HTML page where JSON was expected not-published, told by its content type or by its body', () => {
    expect(classifyResponse(answer(200, text('Resource not found'), 'text/html; charset=utf-8'), 'json').kind).toBe('not-published');
    expect(classifyResponse(answer(200, text(NOT_FOUND_PAGE), 'application/json'), 'json').kind).toBe('not-published');
    expect(classifyResponse(answer(200, text(`\uFEFF  \n<html><body>Maintenance</body></html>`), null), 'csv').kind).toBe('not-published');
  });

  it('calls an access-denied page blocked, not merely unpublished', () => {
    expect(classifyResponse(answer(200, text(ACCESS_DENIED), 'text/html'), 'json').kind).toBe('blocked');
    expect(classifyResponse(answer(200, text(ACCESS_DENIED), null), 'csv').kind).toBe('blocked');
  });

  it('calls {} where JSON was expected not-published', () => {
    expect(classifyResponse(answer(200, text('{}')), 'json')).toEqual({ kind: 'not-published', reason: 'an empty JSON object' });
    expect(classifyResponse(answer(200, text(' { }\n')), 'json').kind).toBe('not-published');
  });

  it('calls an HTML page where a zip was expected not-published', () => {
    expect(classifyResponse(answer(200, text(NOT_FOUND_PAGE), 'text/html'), 'zip')).toEqual({
      kind: 'not-published',
      reason: 'an HTML page where a zip archive was expected',
    });
    expect(classifyResponse(answer(200, text('SYMBOL,SERIES\n'), 'application/zip'), 'zip').kind).toBe('not-published');
  });

  it('calls real JSON data', () => {
    const bytes = realJson();
    expect(bytes.length).toBeGreaterThan(64);
    expect(classifyResponse(answer(200, bytes), 'json')).toEqual({ kind: 'data' });
  });

  it('calls an empty JSON list data (a day with no filings is an answer, not a refusal)', () => {
    expect(classifyResponse(answer(200, text('[]')), 'json')).toEqual({ kind: 'data' });
  });
});
