import { describe, expect, it } from 'vitest';
import { OpenApiContract, type OpenApiDocument } from './openapi-contract.ts';
import type { RecordedResponse } from './recorded-response.ts';

// A document of three operations, in the shapes the service's own takes.
const DOCUMENT = {
  openapi: '3.1.0',
  paths: {
    '/v1/things/{id}': {
      get: {
        responses: {
          200: {
            description: 'a thing',
            headers: { 'RateLimit-Limit': { required: true, schema: { type: 'integer', minimum: 0 } } },
            content: { 'application/json': { schema: { $ref: '#/components/schemas/Thing' } } },
          },
          404: { description: 'none', content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorDetail' } } } },
        },
      },
    },
    '/v1/stream': {
      post: {
        responses: {
          200: {
            description: 'events',
            content: { 'text/event-stream': { schema: { type: 'string', 'x-events': { step: 'Step', answer: 'Thing' } } } },
          },
        },
      },
    },
    '/v1/export': {
      get: {
        responses: {
          200: { description: 'lines', content: { 'application/x-ndjson': { schema: { $ref: '#/components/schemas/Thing' } } } },
        },
      },
    },
  },
  components: {
    schemas: {
      Thing: {
        type: 'object',
        properties: { name: { type: 'string' }, at: { type: 'string', format: 'date-time' } },
        required: ['name'],
        additionalProperties: false,
      },
      Step: { type: 'object', properties: { stage: { type: 'string' } }, required: ['stage'] },
      ErrorDetail: { type: 'object', properties: { detail: { type: 'string' } }, required: ['detail'] },
    },
  },
} as OpenApiDocument;

const contract = new OpenApiContract(DOCUMENT);

const json = 'application/json; charset=utf-8';
const response = (overrides: Partial<RecordedResponse>): RecordedResponse => ({
  method: 'GET',
  route: '/v1/things/:id',
  url: '/v1/things/1',
  status: 200,
  headers: { 'content-type': json, 'ratelimit-limit': '600' },
  body: Buffer.from('{"name":"a","at":"2025-01-29T00:00:00Z"}'),
  ...overrides,
});

describe('the OpenAPI contract check', () => {
  it('accepts a response as documented', () => {
    expect(contract.violations(response({}))).toEqual([]);
  });

  it('names an undocumented route, status or content type', () => {
    expect(contract.violations(response({ route: '/v1/other' }))).toEqual(['GET /v1/other is not in the document']);
    expect(contract.violations(response({ status: 500 }))[0]).toMatch(/answered 500, which it does not document \(200, 404\)/);
    expect(contract.violations(response({ headers: { 'content-type': 'text/html', 'ratelimit-limit': '1' } }))[0]).toMatch(
      /content type text\/html is not documented/,
    );
  });

  it('names a required header missing, or one whose value its schema refuses', () => {
    expect(contract.violations(response({ headers: { 'content-type': json } }))).toEqual([
      'GET /v1/things/{id} 200: the required header RateLimit-Limit is missing',
    ]);
    expect(contract.violations(response({ headers: { 'content-type': json, 'ratelimit-limit': '-1' } }))[0]).toMatch(/RateLimit-Limit/);
  });

  it('validates a JSON body against its schema, formats included', () => {
    expect(contract.violations(response({ body: Buffer.from('{"name":"a","extra":1}') }))[0]).toMatch(/additional properties/);
    expect(contract.violations(response({ body: Buffer.from('{"name":"a","at":"29 Jan 2025"}') }))[0]).toMatch(/\/at must match format/);
    expect(contract.violations(response({ body: Buffer.from('not json') }))[0]).toMatch(/not JSON/);
  });

  it('validates NDJSON line by line, and an event stream event by event against x-events', () => {
    const ndjson = { route: '/v1/export', url: '/v1/export', headers: { 'content-type': 'application/x-ndjson' } };
    expect(contract.violations(response({ ...ndjson, body: Buffer.from('{"name":"a"}\n{"name":"b"}\n') }))).toEqual([]);
    expect(contract.violations(response({ ...ndjson, body: Buffer.from('{"name":"a"}\n{"nom":"b"}\n') }))[0]).toMatch(/line 2:/);
    const stream = { method: 'POST', route: '/v1/stream', url: '/v1/stream', headers: { 'content-type': 'text/event-stream' } };
    const events = (text: string) => contract.violations(response({ ...stream, body: Buffer.from(text) }));
    expect(events('event: step\ndata: {"stage":"planning"}\n\nevent: answer\ndata: {"name":"a"}\n\n')).toEqual([]);
    expect(events('event: step\ndata: {"stage":1}\n\n')[0]).toMatch(/event 1 \(step\): \/stage must be string/);
    expect(events('event: progress\ndata: {}\n\n')[0]).toMatch(/event 1 is named progress, not one of step, answer/);
  });

  it('takes an unmatched URL only as the plain 404, and leaves the routes outside the document alone', () => {
    const unmatched = { route: undefined, url: '/v1/nothing', headers: { 'content-type': json } };
    expect(contract.violations(response({ ...unmatched, status: 404, body: Buffer.from('{"detail":"Not Found"}') }))).toEqual([]);
    expect(contract.violations(response({ ...unmatched, status: 200 }))[0]).toMatch(/matched no route and answered 200/);
    expect(contract.violations(response({ route: '/mcp/', status: 406 }))).toEqual([]);
  });
});
