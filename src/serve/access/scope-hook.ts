import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import type { Scope } from '#schemas/api';
import type { ApiKeyRecord } from './api-key-record.ts';
import { ForbiddenError, UnauthorizedError } from '#platform/errors';
import { hasScope } from './scopes.ts';
import './request-api-key.ts';

/**
 * The key of an authenticated request, which must hold `scope`. Route handlers call it too,
 * so a route that needs a key fails closed even if the hooks were not registered.
 */
export function requireScope(request: FastifyRequest, scope: Scope): ApiKeyRecord {
  const key = request.apiKey;
  if (key === undefined) throw new UnauthorizedError('an API key is required');
  const refusal = missingScope(key, scope);
  if (refusal) throw refusal;
  return key;
}

function missingScope(key: ApiKeyRecord, scope: Scope): ForbiddenError | undefined {
  return hasScope(key, scope) ? undefined : new ForbiddenError(`this key does not have the ${scope} scope`);
}

/**
 * An `onRequest` hook, registered after authentication and rate limiting: a request with a
 * key needs the scope its route names in `config.requiredScope`, `read` by default, or gets 403.
 */
export function createScopeHook() {
  return function checkScope(request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction): void {
    const key = request.apiKey;
    done(key && missingScope(key, request.routeOptions.config.requiredScope ?? 'read'));
  };
}
