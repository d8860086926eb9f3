import type { FastifySchemaCompiler } from 'fastify';
import { z } from 'zod';
import { boundedDetail, DETAIL_LIMITS } from './bounded-detail.ts';
import { toFastApiDetail, type RequestPart } from './fastapi-detail.ts';
import { nulCharacterErrors } from './nul-characters.ts';
import { coerceQuery } from './query-coercion.ts';
import { RequestValidationError } from '#platform/errors';

const PARTS: Record<string, RequestPart> = { querystring: 'query', body: 'body', params: 'path', headers: 'header' };

/**
 * The schema a request part is checked with. A query's z.object, which would drop the
 * parameters it does not name, refuses them instead (`extra_forbidden`, docs/api.md "Unknown
 * parameters"): a misspelt or unsupported parameter silently ignored answers another question
 * than the one asked. Here, not in each route, so that no route can forget it; a query schema
 * that states its own policy (z.looseObject, z.strictObject, .catchall) keeps it.
 */
function checkedSchema(schema: z.ZodType, part: RequestPart, url: string): z.ZodType {
  if (part !== 'query') return schema;
  // Its shape is what turns query text into numbers and booleans and names the parameters
  // taken; a pipe or union around it would leave both undone, so the route fails to start.
  if (!(schema instanceof z.ZodObject)) throw new TypeError(`the query schema of ${url} must be a z.object (refinements allowed)`);
  return schema._zod.def.catchall === undefined ? schema.strict() : schema;
}

/**
 * Validates each request part with its zod schema and fails with FastAPI's error shape.
 * Query text is first coerced to the types the schema checks; the original text is what
 * an error echoes as `input`. Only the first errors are worded (DETAIL_LIMITS), so a body
 * that breaks a rule a hundred thousand times costs no more to answer than one that breaks it once.
 */
export const validatorCompiler: FastifySchemaCompiler<z.ZodType> = ({ schema: declared, httpPart, url }) => {
  const part = PARTS[httpPart ?? 'body'] ?? 'body';
  const schema = checkedSchema(declared, part, url);
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
    // A field whose text could not be coerced is reported once, by coerceQuery; the unknown
    // parameters' issue has an empty path and is always kept.
    const failed = new Set(errors.map((error) => error.loc[1]));
    const issues = result.success
      ? []
      : result.error.issues.filter((issue) => issue.path.length === 0 || !failed.has(String(issue.path[0])));
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
