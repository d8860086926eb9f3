import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { beforeAll, afterAll } from 'vitest';
import { createKey } from '#serve/access/create-key';
import { buildApp } from '#serve/http/build-app';
import { DEFAULT_INGEST_LIMITS } from '#platform/config/config';
import { createDocumentIntake } from '#runtime/document-intake';
import { PROJECTIONS } from '#projections';
import type { RateLimits } from '#serve/access/rate-limit-windows';
import { HTTPValidationErrorSchema, type ValidationError } from '#schemas/api/errors';
import type { TestDatabase } from './databases.ts';
import { givenIngestion, type IngestionHarness } from './ingestion-harness.ts';

export interface ApiHarness {
  readonly service: IngestionHarness;
  readonly app: FastifyInstance;
  /** A key with the read and admin scopes, sent by `get` and `post` unless headers say otherwise. */
  readonly key: string;
  get(url: string, headers?: Record<string, string>): Promise<LightMyRequestResponse>;
  post(url: string, body: unknown, headers?: Record<string, string>): Promise<LightMyRequestResponse>;
}

/**
 * For a suite: the bundled sample ingested through the real parsers into a fresh
 * database (a copy of the run's sample template, which is that), projected, and the HTTP
 * app built over it (not listening; `inject`).
 */
export function givenApi(
  database: TestDatabase,
  options: { ingest?: boolean; limits?: RateLimits; now?: () => Date; responseCacheBytes?: number } = {},
): ApiHarness {
  const service = givenIngestion(database, {}, { sample: options.ingest !== false });
  let app: FastifyInstance | undefined;
  let key: string | undefined;
  beforeAll(async () => {
    await service.harness.project();
    key = (await createKey(service.harness.db, { workspace: { name: 'tests' }, name: 'api harness', scopes: ['read', 'admin'] })).key;
    const limits = options.limits ?? { perMinute: 100_000, monthly: undefined };
    app = buildApp({
      db: service.harness.db,
      projections: PROJECTIONS,
      logger: false,
      limits,
      ...(options.now ? { now: options.now } : {}),
      responseCacheBytes: options.responseCacheBytes,
      documentIntake: createDocumentIntake(() => Promise.resolve(service.ingestion), { limits: DEFAULT_INGEST_LIMITS }),
    });
    await app.ready();
  }, 240_000);
  afterAll(async () => {
    await app?.close();
  });
  const started = (): FastifyInstance => {
    if (!app) throw new Error('the API harness is used before its suite started');
    return app;
  };
  const withKey = (headers: Record<string, string>) => ({ 'x-api-key': key ?? '', ...headers });
  return {
    service,
    get app() {
      return started();
    },
    get key() {
      if (!key) throw new Error('the API harness is used before its suite started');
      return key;
    },
    get: (url, headers = {}) => started().inject({ method: 'GET', url, headers: withKey(headers) }),
    post: (url, body, headers = {}) => started().inject({ method: 'POST', url, payload: body as object, headers: withKey(headers) }),
  };
}

/** The detail items of a 422, checked against FastAPI's HTTPValidationError shape. */
export function validationErrors(response: LightMyRequestResponse): ValidationError[] {
  if (response.statusCode !== 422) throw new Error(`expected 422, got ${response.statusCode}: ${response.body}`);
  return HTTPValidationErrorSchema.parse(response.json()).detail;
}

/** `loc.join('.'):type` of each error of a 422, sorted: a compact picture of what failed. */
export const errorKeys = (response: LightMyRequestResponse): string[] =>
  validationErrors(response)
    .map((error) => `${error.loc.join('.')}:${error.type}`)
    .sort();
