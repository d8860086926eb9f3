import type { ReplayHost } from './catalogue.ts';

export interface Publication {
  readonly body: Uint8Array;
  readonly contentType: string;
  readonly at: number;
}

export type PublicationState = { readonly kind: 'published'; readonly publication: Publication } | { readonly kind: 'unpublished' };

const keyOf = (host: ReplayHost, path: string, query: string) => `${host}${path}${query ? `?${query}` : ''}`;

/**
 * What tests changed at run time: bodies published at a URL (a file that appears later, a
 * corrected file) and URLs withdrawn. A URL given with a query matches that query exactly;
 * one given without matches the path whatever the query.
 */
export class Publications {
  readonly #published = new Map<string, Publication>();
  readonly #unpublished = new Set<string>();

  publish(host: ReplayHost, path: string, query: string, publication: Publication): void {
    const key = keyOf(host, path, query);
    this.#unpublished.delete(key);
    this.#published.set(key, publication);
  }

  unpublish(host: ReplayHost, path: string, query: string): void {
    const key = keyOf(host, path, query);
    this.#published.delete(key);
    this.#unpublished.add(key);
  }

  stateOf(host: ReplayHost, path: string, query: string): PublicationState | undefined {
    for (const key of query ? [keyOf(host, path, query), keyOf(host, path, '')] : [keyOf(host, path, '')]) {
      const publication = this.#published.get(key);
      if (publication) return { kind: 'published', publication };
      if (this.#unpublished.has(key)) return { kind: 'unpublished' };
    }
    return undefined;
  }
}

/** A content type from a path's extension, for bodies published without one. */
export function contentTypeOf(path: string): string {
  const lower = path.toLowerCase();
  if (lower.endsWith('.zip')) return 'application/zip';
  if (lower.endsWith('.csv')) return 'text/csv';
  if (lower.endsWith('.xml')) return 'application/xml';
  if (lower.endsWith('.html') || lower === '/') return 'text/html; charset=utf-8';
  if (lower.endsWith('.json') || lower.includes('/api/')) return 'application/json; charset=utf-8';
  return 'application/octet-stream';
}
