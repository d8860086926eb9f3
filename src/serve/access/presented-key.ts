/** Request headers as Node gives them: lower-case names, repeated headers as arrays. */
export type RequestHeaders = Readonly<Record<string, string | readonly string[] | undefined>>;

export type PresentedKey =
  | { readonly kind: 'key'; readonly key: string }
  | { readonly kind: 'missing' }
  /** Something was sent, but not in a form that can carry one key. */
  | { readonly kind: 'malformed'; readonly detail: string };

const BEARER = /^bearer(?:\s+(.*))?$/i;

function single(value: string | readonly string[] | undefined): string | undefined | false {
  if (value === undefined) return undefined;
  if (typeof value !== 'string') return false;
  const trimmed = value.trim();
  return trimmed === '' ? undefined : trimmed;
}

/**
 * The key a request presents: in `X-API-Key`, or as `Authorization: Bearer <key>` (the
 * scheme name is case-insensitive, as HTTP says). Another Authorization scheme is ignored
 * beside an X-API-Key (a proxy may use it) and refused on its own. Two different keys are
 * refused rather than one of them chosen.
 */
export function readPresentedKey(headers: RequestHeaders): PresentedKey {
  const apiKey = single(headers['x-api-key']);
  const authorization = single(headers['authorization']);
  if (apiKey === false) return { kind: 'malformed', detail: 'send one X-API-Key header, not several' };
  const bearer = authorization === undefined || authorization === false ? undefined : BEARER.exec(authorization);
  if (bearer) {
    const token = bearer[1]?.trim();
    if (!token) return { kind: 'malformed', detail: 'Authorization: Bearer must be followed by the key' };
    if (apiKey !== undefined && apiKey !== token) {
      return { kind: 'malformed', detail: 'X-API-Key and Authorization: Bearer carry different keys; send one' };
    }
    return { kind: 'key', key: token };
  }
  if (apiKey !== undefined) return { kind: 'key', key: apiKey };
  if (authorization !== undefined) {
    return { kind: 'malformed', detail: 'Authorization must use the Bearer scheme: Authorization: Bearer <key>' };
  }
  return { kind: 'missing' };
}
