import { ErrorDetailSchema, HTTPValidationErrorSchema } from '../../../schemas/api/errors.ts';

const DESCRIPTIONS: Record<number, string> = {
  401: 'The API key is missing, invalid or revoked',
  403: 'The API key lacks the scope this route needs',
  404: 'The company, instrument or record does not exist',
  409: 'The workspace already holds as many active keys as it may; revoke one first',
  429: 'The rate or the monthly allowance is reached; see Retry-After',
  503: 'The dataset asked for is unavailable (not ingested yet, or its projection is rebuilding)',
};

/** Response schemas for the error statuses a route can answer with, plus 422, 401 and 429 for all. */
export function errorResponses(...statuses: number[]) {
  const responses: Record<number, typeof ErrorDetailSchema | typeof HTTPValidationErrorSchema> = {
    422: HTTPValidationErrorSchema,
  };
  for (const status of [401, 429, ...statuses]) {
    responses[status] = ErrorDetailSchema.describe(DESCRIPTIONS[status] ?? 'Error');
  }
  return responses;
}
