/** A `{data, meta}` body serialised but for its `meta.timestamp`, which each response sets anew. */
export interface EnvelopeJson {
  /** `data` as JSON. */
  readonly data: string;
  /** `meta` without its timestamp, as JSON. */
  readonly meta: string;
}

/** Serialises a body `envelope` built, leaving out its timestamp. */
export function toEnvelopeJson({ data, meta }: { data: unknown; meta: { timestamp: string } }): EnvelopeJson {
  const rest: Partial<typeof meta> = { ...meta };
  delete rest.timestamp;
  return { data: JSON.stringify(data), meta: JSON.stringify(rest) };
}

/**
 * The JSON of the body with `timestamp`: byte for byte `JSON.stringify` of the envelope, whose
 * keys are `data` then `meta`, and whose `meta` begins with `timestamp`.
 */
export function envelopeBody(json: EnvelopeJson, timestamp: string): string {
  const rest = json.meta === '{}' ? '' : `,${json.meta.slice(1, -1)}`;
  return `{"data":${json.data},"meta":{"timestamp":${JSON.stringify(timestamp)}${rest}}}`;
}

/** The content type Fastify gives a serialised object; a string sent with it is sent as it is. */
export const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

/**
 * The body `envelope(data, meta)` serialises to, for `data` that is JSON text already (a
 * page PostgreSQL wrote), with this response's timestamp.
 */
export function envelopeOfJson(data: string, meta: object): string {
  return envelopeBody({ data, meta: JSON.stringify(meta) }, new Date().toISOString());
}
