import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { beforeAll, afterAll } from 'vitest';
import { BUNDLED_SAMPLE_DIR } from '../../src/config.ts';
import { buildApp } from '../../src/http/build-app.ts';
import { PROJECTIONS } from '../../projections/index.ts';
import { HTTPValidationErrorSchema, type ValidationError } from '../../schemas/api/errors.ts';
import type { TestDatabase } from './databases.ts';
import { givenIngestion, type IngestionHarness } from './ingestion-harness.ts';

export interface ApiHarness {
  readonly service: IngestionHarness;
  readonly app: FastifyInstance;
  get(url: string, headers?: Record<string, string>): Promise<LightMyRequestResponse>;
  post(url: string, body: unknown, headers?: Record<string, string>): Promise<LightMyRequestResponse>;
}

/**
 * For a suite: the bundled sample ingested through the real parsers into a fresh
 * database, projected, and the HTTP app built over it (not listening; `inject`).
 */
export function givenApi(database: TestDatabase, options: { ingest?: boolean } = {}): ApiHarness {
  const service = givenIngestion(database);
  let app: FastifyInstance | undefined;
  beforeAll(async () => {
    if (options.ingest !== false) {
      const summary = await service.ingest([BUNDLED_SAMPLE_DIR], { pollMs: 100 });
      if (summary.rejected > 0 || summary.failed > 0) throw new Error(`the sample did not ingest cleanly: ${JSON.stringify(summary)}`);
    }
    await service.harness.project();
    app = buildApp({ db: service.harness.db, projections: PROJECTIONS, logger: false });
    await app.ready();
  }, 240_000);
  afterAll(async () => {
    await app?.close();
  });
  const started = (): FastifyInstance => {
    if (!app) throw new Error('the API harness is used before its suite started');
    return app;
  };
  return {
    service,
    get app() {
      return started();
    },
    get: (url, headers = {}) => started().inject({ method: 'GET', url, headers }),
    post: (url, body, headers = {}) => started().inject({ method: 'POST', url, payload: body as object, headers }),
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
