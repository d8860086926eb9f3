import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { lookupTable } from '#platform/lookup-table';
import { AppError } from '#platform/errors';
import { ReadTimeoutError, RequestValidationError } from '#platform/errors';
import { boundedDetail, cutText, DETAIL_LIMITS } from './validation/bounded-detail.ts';

// Body parsing fails before validation; FastAPI answers both with 422.
const BODY_ERRORS: Record<string, (error: FastifyError) => object> = {
  FST_ERR_CTP_INVALID_JSON_BODY: (error) => ({
    type: 'json_invalid',
    loc: ['body', 0],
    msg: 'JSON decode error',
    input: {},
    ctx: { error: error.message },
  }),
  FST_ERR_CTP_EMPTY_JSON_BODY: () => ({ type: 'missing', loc: ['body'], msg: 'Field required', input: null }),
};

/** A `{detail}` message, cut to size: some (a 404's) repeat what the client sent. */
const message = (text: string) => cutText(text, DETAIL_LIMITS.schemaText);

/**
 * Maps errors to statuses: validation failures are 422 with FastAPI's body (its list cut
 * to DETAIL_LIMITS); the catalogue's errors carry their own status, and one that is a 422
 * is worded as FastAPI words a model validator's failure, so every 422 has the same shape;
 * a read past the service's time limit is a 503 with Retry-After;
 * a body over the size limit is a 413; anything else a client can cause is a 4xx from
 * Fastify; the rest is a 500 that exposes nothing.
 */
export function errorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof RequestValidationError) return reply.status(422).send({ detail: boundedDetail(error.detail) });
  const bodyError = BODY_ERRORS[error.code];
  if (bodyError) return reply.status(422).send({ detail: [bodyError(error)] });
  if (error instanceof SyntaxError && error.statusCode === 400) {
    return reply
      .status(422)
      .send({ detail: [{ type: 'json_invalid', loc: ['body', 0], msg: 'JSON decode error', input: {}, ctx: { error: error.message } }] });
  }
  if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
    const limit = request.routeOptions.bodyLimit;
    return reply.status(413).send({ detail: `the request body is larger than the limit of ${limit} bytes` });
  }
  if (error instanceof AppError && error.status === 422) {
    const part = request.method === 'GET' ? 'query' : 'body';
    const text = message(error.message);
    return reply
      .status(422)
      .send({ detail: [{ type: 'value_error', loc: [part], msg: `Value error, ${text}`, input: null, ctx: { error: text } }] });
  }
  if (error instanceof ReadTimeoutError) {
    return reply
      .status(503)
      .header('retry-after', String(error.retryAfterSeconds))
      .send({ detail: message(error.message) });
  }
  if (error instanceof AppError) return reply.status(error.status).send({ detail: message(error.message) });
  const status = error.statusCode;
  if (status !== undefined && status >= 400 && status < 500) return reply.status(status).send({ detail: message(error.message) });
  request.log.error({ err: error }, 'request failed');
  return reply.status(500).send({ detail: 'Internal Server Error' });
}

/** Why the router could not read a URL, worded without echoing it (it may be kilobytes long). */
const FRAMEWORK_ERRORS: Record<string, string> = {
  FST_ERR_BAD_URL: 'the URL is not valid: a percent-encoded part of it does not decode',
  FST_ERR_MAX_PARAM_LENGTH: 'a part of the URL path is longer than 100 characters',
};

/**
 * Fastify's `frameworkErrors`: the router's refusals (a malformed URL, 400; an overlong path
 * parameter, 414) in the API's `{"detail": ...}` shape instead of Fastify's own.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const detail = FRAMEWORK_ERRORS[error.code];
  void (detail === undefined ? errorHandler(error, request, reply) : reply.status(error.statusCode ?? 400).send({ detail }));
}

/** What Node's HTTP parser refused, in words, by its error code; anything else is a 400. */
const CLIENT_ERRORS: Readonly<Record<string, readonly [number, string]>> = lookupTable({
  HPE_HEADER_OVERFLOW: [
    431,
    'the request line and headers are over 16 KB: send a shorter URL, or the query in a POST body where the route takes one',
  ],
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'the request did not arrive in time'],
});

/**
 * Fastify's `clientErrorHandler`: a request Node's HTTP parser refuses before any route runs
 * (a URL and headers over 16 KB, malformed HTTP) is answered in the API's `{"detail": ...}`
 * shape, as every other 4xx is, and its connection closed. A reset connection gets nothing.
 */
export function clientErrorHandler(error: Error & { code?: string }, socket: Duplex): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, detail] = CLIENT_ERRORS[error.code ?? ''] ?? [400, 'the request is not valid HTTP'];
  const body = JSON.stringify({ detail });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}
