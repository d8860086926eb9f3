/** Request headers as Node gives them: lower-case names, repeated headers as arrays. */
export type RequestHeaders = Readonly<Record<string, string | readonly string[] | undefined>>;

export type PresentedKey =
  | { readonly kind: 'key'; readonly key: string }
  | { readonly kind: 'missing' }
  /** Something was sent, but not in a form that can carry one key. */
  | { readonly kind: 'malformed'; readonly detail: string };

const BEARER = /^bearer(?:\s+(.*))?$/i;

const sentMoreThanOnce = (header: string) => `the ${header} header was sent more than once; send it once, with one key`;

/**
 * Whether a header occurs more than once in the raw list (name, value, name, value, ...).
 * Node joins repeated X-API-Key headers into one `a, b` value and keeps only the first
 * Authorization header, so the parsed headers cannot tell.
 */
function repeated(rawHeaders: readonly string[], name: string): boolean {
  let seen = 0;
  for (let i = 0; i < rawHeaders.length; i += 2) {
    if (rawHeaders[i]?.toLowerCase() === name && ++seen > 1) return true;
  }
  return false;
}

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
 * refused rather than one of them chosen, and so is either header sent more than once
 * (`rawHeaders`, as Node gives them, tells).
 */
export function readPresentedKey(headers: RequestHeaders, rawHeaders: readonly string[] = []): PresentedKey {
  const apiKey = single(headers['x-api-key']);
  const authorization = single(headers['authorization']);
  if (apiKey === false || repeated(rawHeaders, 'x-api-key')) return { kind: 'malformed', detail: sentMoreThanOnce('X-API-Key') };
  if (repeated(rawHeaders, 'authorization')) return { kind: 'malformed', detail: sentMoreThanOnce('Authorization') };
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
