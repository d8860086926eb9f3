import type { FastifySchemaCompiler } from 'fastify';
import { z } from 'zod';
import { boundedDetail, DETAIL_LIMITS } from './bounded-detail.ts';
import { toFastApiDetail, type RequestPart } from './fastapi-detail.ts';
import { nulCharacterErrors } from './nul-characters.ts';
import { coerceQuery } from './query-coercion.ts';
import { RequestValidationError } from '../../../platform/errors/index.ts';

const PARTS: Record<string, RequestPart> = { querystring: 'query', body: 'body', params: 'path', headers: 'header' };

/**
 * Validates each request part with its zod schema and fails with FastAPI's error shape.
 * Query text is first coerced to the types the schema checks; the original text is what
 * an error echoes as `input`. Only the first errors are worded (DETAIL_LIMITS), so a body
 * that breaks a rule a hundred thousand times costs no more to answer than one that breaks it once.
 */
export const validatorCompiler: FastifySchemaCompiler<z.ZodType> = ({ schema, httpPart }) => {
  const part = PARTS[httpPart ?? 'body'] ?? 'body';
  const shape = schema instanceof z.ZodObject ? (schema.shape as Record<string, z.ZodType>) : undefined;
  return (data: unknown) => {
    const nul = nulCharacterErrors(part, part === 'query' ? lastValues(data) : data, DETAIL_LIMITS.errors);
    if (nul.length > 0) return { error: new RequestValidationError(boundedDetail(nul)) };
    let input = data;
    const errors = [];
    if (part === 'query' && shape && data !== null && typeof data === 'object') {
      const coerced = coerceQuery(shape, data as Record<string, unknown>);
      input = coerced.values;
      errors.push(...coerced.errors);
    }
    const result = schema.safeParse(input);
    if (result.success && errors.length === 0) return { value: result.data };
    const failed = new Set(errors.map((error) => error.loc[1]));
    const issues = result.success ? [] : result.error.issues.filter((issue) => !failed.has(String(issue.path[0])));
    // Errors echo what was sent, so query inputs come from the raw (uncoerced) text.
    const raw = part === 'query' ? lastValues(data) : data;
    const detail = [...errors, ...toFastApiDetail(part, issues.slice(0, DETAIL_LIMITS.errors), raw)];
    return { error: new RequestValidationError(boundedDetail(detail)) };
  };
};

function lastValues(query: unknown): unknown {
  if (query === null || typeof query !== 'object') return query;
  return Object.fromEntries(Object.entries(query).map(([key, value]) => [key, Array.isArray(value) ? value.at(-1) : value]));
}
