// src/serve/access: what other modules use of it, and the only file they import (docs/architecture.md "Modules").
export { addressBucket } from './address-bucket.ts';
export type { ApiKeyRecord } from './api-key-record.ts';
export { createKey, type WorkspaceRef } from './create-key.ts';
export { FIRST_KEY_FILE, issueFirstKey } from './first-key.ts';
export { isUuid } from './is-uuid.ts';
export { createKeyAuthenticator } from './key-authenticator.ts';
export { listKeys } from './list-keys.ts';
export { DEFAULT_PUBLIC_PATHS, isPublicRoute } from './public-paths.ts';
export type { RateLimits } from './rate-limit-windows.ts';
export { registerAccessControl } from './register-access-control.ts';
export { databaseRequestCounter, processRequestCounter } from './request-counter.ts';
export { revokeKey } from './revoke-key.ts';
export { requireScope } from './scope-hook.ts';
export { trustedProxyCheck } from './trusted-proxy.ts';
