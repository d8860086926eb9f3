import { createHash, randomBytes } from 'node:crypto';

const KEY_PREFIX = 'imd_';
/** `imd_` and 32 random bytes in base64url (43 characters). */
const KEY_PATTERN = /^imd_[A-Za-z0-9_-]{43}$/;
/** `imd_` and 8 characters of the random part: enough to tell keys apart, useless to guess with. */
const DISPLAY_PREFIX_LENGTH = KEY_PREFIX.length + 8;

/** A new key: 256 random bits, so it cannot be guessed or found by trying. */
export function generateApiKey(): string {
  return KEY_PREFIX + randomBytes(32).toString('base64url');
}

/** Whether a presented string could be a key at all; anything else is refused without a lookup. */
export function isWellFormedApiKey(key: string): boolean {
  return KEY_PATTERN.test(key);
}

/**
 * SHA-256 of the key, lower-case hex: what is stored and looked up. A slow password hash
 * protects guessable secrets; a 256-bit random key has nothing to guess, so a fast digest
 * is as safe and keeps the per-request lookup a single index probe.
 */
export function hashApiKey(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}

/** The part of a key shown in listings. */
export function apiKeyPrefix(key: string): string {
  return key.slice(0, DISPLAY_PREFIX_LENGTH);
}
