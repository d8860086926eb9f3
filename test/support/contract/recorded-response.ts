/** One response as it went on the wire, and the request and route it answered. */
export interface RecordedResponse {
  readonly method: string;
  /** The route pattern Fastify matched (`/v1/keys/:key_id`); undefined when no route did (the plain 404). */
  readonly route: string | undefined;
  readonly url: string;
  readonly status: number;
  /** Header names in lower case. */
  readonly headers: Readonly<Record<string, string | readonly string[] | number | undefined>>;
  readonly body: Buffer;
}

/** The header's value as one text (a repeated header's values joined as HTTP joins them), or undefined. */
export function headerText(response: RecordedResponse, name: string): string | undefined {
  const value = response.headers[name.toLowerCase()];
  if (value === undefined) return undefined;
  return typeof value === 'object' ? value.join(', ') : String(value);
}
