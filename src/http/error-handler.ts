import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../errors.ts';

/**
 * Maps errors to statuses: the catalogue's errors carry their own; anything else a
 * client can cause is a 4xx from Fastify; the rest is a 500 that exposes nothing.
 */
export function errorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof AppError) return reply.status(error.status).send({ detail: error.message });
  const status = error.statusCode;
  if (status !== undefined && status >= 400 && status < 500) return reply.status(status).send({ detail: error.message });
  request.log.error({ err: error }, 'request failed');
  return reply.status(500).send({ detail: 'Internal Server Error' });
}
