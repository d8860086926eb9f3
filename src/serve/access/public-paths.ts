/**
 * Routes answered without a key: health, the API documentation and the index at GET /v1/
 * (what the API is and which datasets it has: a client needs it before it has a key, and it
 * holds no market data). Entries are route patterns; a trailing `*` matches any suffix.
 */
export const METERED_PUBLIC_PATHS: readonly string[] = ['/health', '/docs', '/docs/*', '/v1/openapi.json', '/v1', '/v1/'];

/**
 * The explorer page's own files, answered without a key (the page asks for one before it reads
 * data) and not counted against the per-address limit: they are sent from memory, and one
 * page load fetches about twenty of them.
 */
export const STATIC_PUBLIC_PATHS: readonly string[] = ['/explore', '/explore/*'];

export const DEFAULT_PUBLIC_PATHS: readonly string[] = [...METERED_PUBLIC_PATHS, ...STATIC_PUBLIC_PATHS];

/**
 * Matches the route's pattern (e.g. `/v1/keys/:key_id`), not the raw URL, so query
 * strings, encodings and dot segments cannot make a private route look public.
 */
export function isPublicRoute(routePattern: string, publicPaths: readonly string[]): boolean {
  return publicPaths.some((path) => (path.endsWith('*') ? routePattern.startsWith(path.slice(0, -1)) : routePattern === path));
}
