import { z } from 'zod';
import { IsoDateTimeSchema, UuidSchema } from '#schemas/common';
import { envelope } from './envelope.ts';

/**
 * What a key may do. `read`: every data route (the default for new keys). `admin`: create,
 * list and revoke the keys of its own workspace. `ingest`: upload documents into the
 * ingestion pipeline (POST /v1/documents, docs/relay.md). Scopes are independent: an `admin`
 * key reads data only if it also has `read`, and uploads only if it also has `ingest`.
 */
export const ScopeSchema = z
  .enum(['read', 'admin', 'ingest'])
  .describe(
    'read: every data route (default for new keys); admin: create, list and revoke the workspace keys; ingest: upload documents (POST /v1/documents)',
  );
export type Scope = z.infer<typeof ScopeSchema>;

export const SCOPES: readonly Scope[] = ScopeSchema.options;
export const DEFAULT_SCOPES: readonly Scope[] = ['read'];

export const KeyNameSchema = z.string().min(1).max(80).describe('A name for the key, e.g. where it is used');

/** The key-creation payload (SPEC: NewKey). */
export const NewKeySchema = z
  .strictObject({
    name: KeyNameSchema,
    scopes: z
      .array(ScopeSchema)
      .max(8)
      .nullable()
      .optional()
      .describe('Scopes of the new key; absent or null for ["read"]. Repeated scopes count once'),
  })
  .describe('A new API key, issued into the workspace of the key that asks for it');
export type NewKey = z.infer<typeof NewKeySchema>;

export const WorkspaceSchema = z
  .object({ id: UuidSchema, name: z.string().describe('Workspace name') })
  .describe('The workspace a key belongs to');

/** A key as listed: never the key itself, only its first characters. */
export const ApiKeySchema = z
  .object({
    id: UuidSchema.describe('Key id, used to revoke it'),
    name: z.string().describe('The name given at creation'),
    scopes: z.array(ScopeSchema),
    prefix: z.string().describe('The first characters of the key, to recognise it'),
    workspace: WorkspaceSchema,
    created_at: IsoDateTimeSchema,
    revoked_at: IsoDateTimeSchema.nullable().describe('When it was revoked; null while it works'),
    last_used_at: IsoDateTimeSchema.nullable().describe('Last authenticated request, to the minute; null if never'),
  })
  .describe('An API key, without its secret');
export type ApiKey = z.infer<typeof ApiKeySchema>;

export const IssuedKeySchema = ApiKeySchema.extend({
  key: z.string().describe('The key itself. Shown this once: only its SHA-256 digest is stored'),
}).describe('A newly created API key, with its secret');
export type IssuedKey = z.infer<typeof IssuedKeySchema>;

export const KeyIdParamsSchema = z.object({ key_id: UuidSchema.describe('Id of the key') });

export const IssuedKeyResponseSchema = envelope(IssuedKeySchema, {}).describe(
  'The new key; store `data.key` now, it cannot be shown again',
);

export const ApiKeyResponseSchema = envelope(ApiKeySchema, {}).describe('One key');

export const ApiKeyListResponseSchema = envelope(z.array(ApiKeySchema), {
  count: z.number().int().describe('Keys listed'),
  workspace: WorkspaceSchema,
}).describe('The keys of the calling key’s workspace, newest first, revoked ones included');
