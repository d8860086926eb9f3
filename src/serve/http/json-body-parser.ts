import type { FastifyInstance } from 'fastify';
import { RequestValidationError } from '#platform/errors';
import { tooDeepAt } from './validation/json-depth.ts';

/** FastAPI's answer to a body it cannot decode, with the reason and the offset where it gave up. */
export function tooDeepError(at: number, maxDepth: number): RequestValidationError {
  return new RequestValidationError([
    {
      type: 'json_invalid',
      loc: ['body', at],
      msg: 'JSON decode error',
      input: {},
      ctx: { error: `nested deeper than ${maxDepth} levels` },
    },
  ]);
}

/**
 * Replaces Fastify's JSON body parser with one that first measures the nesting (one pass
 * over the text, no recursion) and refuses a body nested deeper than `maxDepth` with a 422,
 * so nothing after it (parse, NUL check, validation, echo) ever sees an unbounded depth.
 * The parsing itself is Fastify's own, with its `__proto__` and `constructor` protection.
 * The body size is bounded before this, by Fastify's `bodyLimit` (a 413).
 */
export function registerJsonBodyParser(
  app: Pick<FastifyInstance, 'getDefaultJsonParser' | 'removeContentTypeParser' | 'addContentTypeParser'>,
  maxDepth: number,
): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body: string, done) => {
    const at = tooDeepAt(body, maxDepth);
    if (at !== undefined) {
      done(tooDeepError(at, maxDepth), undefined);
      return;
    }
    void parseJson(request, body, done);
  });
}
