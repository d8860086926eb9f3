import { describe, expect, it } from 'vitest';
import { InvalidKeyRequestError } from '#platform/errors';
import { isPublicRoute } from './public-paths.ts';
import { normalizeScopes } from './scopes.ts';

describe('normalizeScopes', () => {
  it('gives read when no scopes are asked for, and keeps an empty list empty', () => {
    expect(normalizeScopes(undefined)).toEqual(['read']);
    expect(normalizeScopes(null)).toEqual(['read']);
    expect(normalizeScopes([])).toEqual([]);
  });

  it('keeps each scope once, in vocabulary order', () => {
    expect(normalizeScopes(['admin', 'read', 'admin'])).toEqual(['read', 'admin']);
  });

  it('refuses unknown scopes and more than 8', () => {
    expect(() => normalizeScopes(['read', 'write'])).toThrow(InvalidKeyRequestError);
    expect(() => normalizeScopes(['read', 'write'])).toThrow(/unknown scope write; scopes are read, admin, ingest/);
    expect(() => normalizeScopes(Array.from({ length: 9 }, () => 'read'))).toThrow(/at most 8/);
  });
});

describe('isPublicRoute', () => {
  const paths = ['/health', '/docs*', '/v1/'];
  it('matches exact patterns and prefixes ending in *', () => {
    expect(isPublicRoute('/health', paths)).toBe(true);
    expect(isPublicRoute('/docs', paths)).toBe(true);
    expect(isPublicRoute('/docs/static/*', paths)).toBe(true);
    expect(isPublicRoute('/v1/', paths)).toBe(true);
  });

  it('does not match other routes that merely start alike', () => {
    expect(isPublicRoute('/healthz', paths)).toBe(false);
    expect(isPublicRoute('/v1/companies', paths)).toBe(false);
    expect(isPublicRoute('/v1/keys/:key_id', paths)).toBe(false);
  });
});
