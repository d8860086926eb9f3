import { createHash } from 'node:crypto';

/** What a connector told about a document beyond its bytes. */
export interface DocumentContext {
  readonly knownAt: string | null;
  readonly sourceUrl: string | null;
  readonly attributes: Readonly<Record<string, unknown>>;
}

/** JSON with object keys sorted, so the same context always reads the same (jsonb reorders keys). */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
    return `{${entries
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`)
      .join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

/**
 * The attribute a relay's fetch provenance travels in (the URL asked, when, the HTTP status,
 * ETag, ...: docs/relay.md).
 */
export const RELAY_ATTRIBUTE = 'relay';
/** The attribute the service's own connectors keep their fetch record in (docs/sync.md). */
export const FETCH_ATTRIBUTE = 'fetch';

/**
 * The attributes that are context: all but fetch provenance (a relay's, the connectors'). It
 * says how this copy was fetched, not what was disseminated: it is kept with the copy but is
 * no part of its context, so the same copy fetched again is the same copy, and nothing is
 * appended or parsed again for it.
 */
export function contextAttributes(attributes: Readonly<Record<string, unknown>>): Readonly<Record<string, unknown>> {
  if (!Object.hasOwn(attributes, RELAY_ATTRIBUTE) && !Object.hasOwn(attributes, FETCH_ATTRIBUTE)) return attributes;
  return Object.fromEntries(Object.entries(attributes).filter(([name]) => name !== RELAY_ATTRIBUTE && name !== FETCH_ATTRIBUTE));
}

/**
 * A short digest of a document's context, '' when it has none. Parsing the same bytes with
 * new context (an XBRL file whose listing arrived later: its dissemination time, its ISIN)
 * is a different parse, so the context is part of every event id the parse yields; the
 * same bytes and context always give the same ids.
 */
export function contextKeyOf(context: DocumentContext): string {
  const attributes = contextAttributes(context.attributes);
  if (context.knownAt === null && context.sourceUrl === null && Object.keys(attributes).length === 0) return '';
  const canonical = canonicalJson({ knownAt: context.knownAt, sourceUrl: context.sourceUrl, attributes });
  return createHash('sha256').update(canonical).digest('hex').slice(0, 16);
}
