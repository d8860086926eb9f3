import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { apiKeyPrefix, generateApiKey, hashApiKey, isWellFormedApiKey } from './api-key-secret.ts';

describe('API key secrets', () => {
  it('generates imd_ and 43 base64url characters (32 random bytes), different every time', () => {
    const keys = Array.from({ length: 50 }, generateApiKey);
    for (const key of keys) {
      expect(key).toMatch(/^imd_[A-Za-z0-9_-]{43}$/);
      expect(Buffer.from(key.slice(4), 'base64url')).toHaveLength(32);
      expect(isWellFormedApiKey(key)).toBe(true);
    }
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('refuses anything that cannot be a key before any lookup', () => {
    for (const text of ['', 'imd_', `imd_${'a'.repeat(42)}`, `imd_${'a'.repeat(44)}`, `xyz_${'a'.repeat(43)}`, `imd_${'a'.repeat(42)}=`]) {
      expect(isWellFormedApiKey(text)).toBe(false);
    }
  });

  it('stores the SHA-256 of the key in hex, and shows only its first 12 characters', () => {
    const key = generateApiKey();
    expect(hashApiKey(key)).toBe(createHash('sha256').update(key).digest('hex'));
    expect(hashApiKey(key)).toMatch(/^[0-9a-f]{64}$/);
    expect(apiKeyPrefix(key)).toBe(key.slice(0, 12));
  });
});
