/**
 * Routes answered without a key: health, the API documentation, the index at GET /v1/
 * (what the API is and which datasets it has: a client needs it before it has a key, and it
 * holds no market data) and the explorer page, which asks for a key before it reads data. Entries are route patterns; a trailing `*` matches any suffix.
 */
export const DEFAULT_PUBLIC_PATHS: readonly string[] = [
  '/health',
  '/docs',
  '/docs/*',
  '/v1/openapi.json',
  '/v1',
  '/v1/',
  '/explore',
  '/explore/*',
];

/**
 * Matches the route's pattern (e.g. `/v1/keys/:key_id`), not the raw URL, so query
 * strings, encodings and dot segments cannot make a private route look public.
 */
export function isPublicRoute(routePattern: string, publicPaths: readonly string[]): boolean {
  return publicPaths.some((path) => (path.endsWith('*') ? routePattern.startsWith(path.slice(0, -1)) : routePattern === path));
}
