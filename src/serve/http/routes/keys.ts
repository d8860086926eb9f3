import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import {
  type ApiKey,
  ApiKeyListResponseSchema,
  ApiKeyResponseSchema,
  IssuedKeyResponseSchema,
  KeyIdParamsSchema,
  NewKeySchema,
} from '#schemas/api';
import { type ApiKeyRecord, createKey, listKeys, revokeKey, requireScope } from '#serve/access';
import { KeyNotFoundError } from '#platform/errors';
import type { SqlExecutor } from '#platform/db';
import { envelope } from '../envelope.ts';
import { errorResponses, JSON_BODY_ERRORS } from '../error-responses.ts';

export interface KeysDeps {
  readonly db: SqlExecutor;
  /** The most unrevoked keys a workspace may hold (MAX_KEYS_PER_WORKSPACE); no cap when absent. */
  readonly maxKeysPerWorkspace?: number | undefined;
}

function toApiKey(record: ApiKeyRecord): ApiKey {
  return {
    id: record.id,
    name: record.name,
    scopes: [...record.scopes],
    prefix: record.prefix,
    workspace: { ...record.workspace },
    created_at: record.createdAt.toISOString(),
    revoked_at: record.revokedAt?.toISOString() ?? null,
    last_used_at: record.lastUsedAt?.toISOString() ?? null,
  };
}

/**
 * Key issuance for the caller's own workspace: create, list, revoke. Every route needs the
 * `admin` scope. Paths are absolute (`/v1/keys`); register without a prefix.
 */
export function keysRoutes(deps: KeysDeps): FastifyPluginCallbackZod {
  return (app, _options, done) => {
    app.post(
      '/v1/keys',
      {
        config: { requiredScope: 'admin' },
        schema: {
          summary: 'Create an API key in the calling key’s workspace',
          description:
            'The response holds the key itself, once; only its SHA-256 digest is stored. A workspace holds a limited number of unrevoked keys (409 when it is full: revoke one first).',
          tags: ['keys'],
          body: NewKeySchema,
          response: { 200: IssuedKeyResponseSchema, ...errorResponses(403, 409, ...JSON_BODY_ERRORS) },
        },
      },
      async (request) => {
        const caller = requireScope(request, 'admin');
        const { key, record } = await createKey(deps.db, {
          workspace: { id: caller.workspace.id },
          name: request.body.name,
          scopes: request.body.scopes,
          maxActiveKeys: deps.maxKeysPerWorkspace,
        });
        return envelope({ ...toApiKey(record), key }, {});
      },
    );
    app.get(
      '/v1/keys',
      {
        config: { requiredScope: 'admin' },
        schema: {
          summary: 'List the keys of the calling key’s workspace, without their secrets',
          tags: ['keys'],
          response: { 200: ApiKeyListResponseSchema, ...errorResponses(403) },
        },
      },
      async (request) => {
        const caller = requireScope(request, 'admin');
        const keys = await listKeys(deps.db, { workspaceId: caller.workspace.id });
        return envelope(keys.map(toApiKey), { count: keys.length, workspace: { ...caller.workspace } });
      },
    );
    app.delete(
      '/v1/keys/:key_id',
      {
        config: { requiredScope: 'admin' },
        schema: {
          summary: 'Revoke a key of the calling key’s workspace',
          description: 'From the next request on, the key is refused with 401. Revoking it again changes nothing.',
          tags: ['keys'],
          params: KeyIdParamsSchema,
          response: { 200: ApiKeyResponseSchema, ...errorResponses(403, 404, 422) },
        },
      },
      async (request) => {
        const caller = requireScope(request, 'admin');
        const revoked = await revokeKey(deps.db, request.params.key_id, { workspaceId: caller.workspace.id });
        if (!revoked) throw new KeyNotFoundError(request.params.key_id);
        return envelope(toApiKey(revoked), {});
      },
    );
    done();
  };
}
