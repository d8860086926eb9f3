import { describe, expect, it } from 'vitest';
import { readPresentedKey } from './presented-key.ts';

const KEY = `imd_${'a'.repeat(43)}`;

describe('readPresentedKey', () => {
  it('reads X-API-Key', () => {
    expect(readPresentedKey({ 'x-api-key': KEY })).toEqual({ kind: 'key', key: KEY });
    expect(readPresentedKey({ 'x-api-key': `  ${KEY} ` })).toEqual({ kind: 'key', key: KEY });
  });

  it('reads Authorization: Bearer, the scheme in any case', () => {
    expect(readPresentedKey({ authorization: `Bearer ${KEY}` })).toEqual({ kind: 'key', key: KEY });
    expect(readPresentedKey({ authorization: `bearer   ${KEY}` })).toEqual({ kind: 'key', key: KEY });
    expect(readPresentedKey({ authorization: `BEARER ${KEY}` })).toEqual({ kind: 'key', key: KEY });
  });

  it('accepts both headers when they carry the same key', () => {
    expect(readPresentedKey({ 'x-api-key': KEY, authorization: `Bearer ${KEY}` })).toEqual({ kind: 'key', key: KEY });
  });

  it('refuses two different keys rather than choosing one', () => {
    expect(readPresentedKey({ 'x-api-key': KEY, authorization: 'Bearer other' })).toMatchObject({
      kind: 'malformed',
      detail: expect.stringContaining('different keys'),
    });
  });

  it('ignores another Authorization scheme beside X-API-Key, and refuses it alone', () => {
    expect(readPresentedKey({ 'x-api-key': KEY, authorization: 'Basic dXNlcjpwdw==' })).toEqual({ kind: 'key', key: KEY });
    expect(readPresentedKey({ authorization: 'Basic dXNlcjpwdw==' })).toMatchObject({
      kind: 'malformed',
      detail: expect.stringContaining('Bearer scheme'),
    });
    expect(readPresentedKey({ authorization: 'Bearerxyz' })).toMatchObject({ kind: 'malformed' });
  });

  it('refuses Bearer without a key, and several X-API-Key headers', () => {
    expect(readPresentedKey({ authorization: 'Bearer' })).toMatchObject({ kind: 'malformed' });
    expect(readPresentedKey({ authorization: 'Bearer   ' })).toMatchObject({ kind: 'malformed' });
    expect(readPresentedKey({ 'x-api-key': [KEY, KEY] })).toMatchObject({ kind: 'malformed' });
  });

  it('refuses either header sent more than once, saying so, though Node joined or dropped the repeats', () => {
    // Node gives a repeated X-API-Key as one "a, b" value and keeps only the first Authorization.
    const twice = readPresentedKey({ 'x-api-key': `${KEY}, ${KEY}` }, ['X-API-Key', KEY, 'x-api-key', KEY]);
    expect(twice).toEqual({ kind: 'malformed', detail: 'the X-API-Key header was sent more than once; send it once, with one key' });
    expect(readPresentedKey({ authorization: `Bearer ${KEY}` }, ['Authorization', `Bearer ${KEY}`, 'authorization', 'Bearer x'])).toEqual({
      kind: 'malformed',
      detail: 'the Authorization header was sent more than once; send it once, with one key',
    });
    expect(readPresentedKey({ 'x-api-key': KEY }, ['Host', 'h', 'X-API-Key', KEY])).toEqual({ kind: 'key', key: KEY });
  });

  it('treats absent and empty headers as no key', () => {
    expect(readPresentedKey({})).toEqual({ kind: 'missing' });
    expect(readPresentedKey({ 'x-api-key': '', authorization: '  ' })).toEqual({ kind: 'missing' });
  });
});
