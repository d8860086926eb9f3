import { ErrorDetailSchema, HTTPValidationErrorSchema } from '#schemas/api';

const DESCRIPTIONS: Record<number, string> = {
  401: 'The API key is missing, invalid or revoked',
  403: 'The API key lacks the scope this route needs',
  404: 'The company, instrument or record does not exist',
  409: 'The workspace already holds as many active keys as it may; revoke one first',
  413: 'The request body is larger than the limit (HTTP_BODY_LIMIT)',
  415: 'The body is sent with a content type other than application/json',
  429: 'The rate or the monthly allowance is reached; see Retry-After',
  503: "The dataset asked for is unavailable (not ingested yet, or its projection is building its first version), a read took longer than the service's limit (READ_STATEMENT_TIMEOUT_MS), or the service is shutting down (both with Retry-After)",
};

/** What a route that reads no dataset can still answer 503 for. */
const SHUTTING_DOWN =
  "A read took longer than the service's limit (READ_STATEMENT_TIMEOUT_MS), or the service is shutting down; retry after Retry-After seconds";

type ErrorSchema = typeof ErrorDetailSchema | typeof HTTPValidationErrorSchema;

/**
 * Response schemas for the error statuses a route can answer with: those given (422, the
 * FastAPI body, where the route validates input; 503 with the dataset's reason where it
 * reads one), plus 429 and the 503 of a service shutting down, which every route can answer.
 */
function responsesFor(statuses: readonly number[]): Record<number, ErrorSchema> {
  const responses: Record<number, ErrorSchema> = {};
  for (const status of [...statuses, 429].sort((a, b) => a - b)) {
    responses[status] = status === 422 ? HTTPValidationErrorSchema : ErrorDetailSchema.describe(DESCRIPTIONS[status] ?? 'Error');
  }
  responses[503] ??= ErrorDetailSchema.describe(SHUTTING_DOWN);
  return responses;
}

/** What a route taking a JSON body can answer besides its own errors: too large, not JSON, not valid. */
export const JSON_BODY_ERRORS = [413, 415, 422] as const;

/** The errors of a route that needs a key (401), plus `statuses`, 429 and 503. */
export const errorResponses = (...statuses: number[]) => responsesFor([401, ...statuses]);

/** The errors of a route answered without a key (docs/auth.md): `statuses`, 429 (per address) and 503. */
export const publicErrorResponses = (...statuses: number[]) => responsesFor(statuses);
