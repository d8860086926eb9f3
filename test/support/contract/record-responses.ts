import type { OutgoingHttpHeaders, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import type { OpenApiDocument } from './openapi-contract.ts';
import type { RecordedResponse } from './recorded-response.ts';

/** A response an app sent, with the OpenAPI document that app serves at /v1/openapi.json. */
export interface AppResponse {
  readonly response: RecordedResponse;
  readonly document: OpenApiDocument;
}

type Chunk = string | Uint8Array;

const toBuffer = (chunk: Chunk, encoding?: unknown) =>
  typeof chunk === 'string' ? Buffer.from(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8') : Buffer.from(chunk);

/**
 * Records every response `app` sends, injected or over a socket, as it goes on the wire: the
 * status, the headers (those set on the reply and those passed to `writeHead`, as a hijacked
 * stream sends them) and every byte written. Added before the app's own hooks load, so its
 * `onRequest` runs first and sees the 401s and 429s those hooks answer with.
 */
export function recordResponses(app: FastifyInstance, record: (sent: AppResponse) => void): void {
  let document: OpenApiDocument | undefined;
  // What GET /v1/openapi.json serialises, as a client reads it; taken once the app serves.
  const served = () => (document ??= JSON.parse(JSON.stringify(app.swagger())) as OpenApiDocument);
  app.addHook('onRequest', (request, reply, done) => {
    const raw: ServerResponse = reply.raw;
    const chunks: Buffer[] = [];
    const written: OutgoingHttpHeaders = {};
    const write = raw.write.bind(raw) as (...args: unknown[]) => boolean;
    const end = raw.end.bind(raw) as (...args: unknown[]) => ServerResponse;
    const writeHead = raw.writeHead.bind(raw) as (...args: unknown[]) => ServerResponse;
    // An injected response's end() writes its last chunk through write(): counted once, by end().
    let ending = false;
    raw.write = ((chunk: Chunk, ...rest: unknown[]) => {
      if (!ending) chunks.push(toBuffer(chunk, rest[0]));
      return write(chunk, ...rest);
    }) as typeof raw.write;
    raw.end = ((...args: unknown[]) => {
      const [chunk, encoding] = args;
      if (typeof chunk === 'string' || chunk instanceof Uint8Array) chunks.push(toBuffer(chunk, encoding));
      ending = true;
      try {
        return end(...args);
      } finally {
        ending = false;
      }
    }) as typeof raw.end;
    raw.writeHead = (...args: unknown[]) => {
      const headers = args.find((arg): arg is OutgoingHttpHeaders => typeof arg === 'object' && arg !== null && !Array.isArray(arg));
      for (const [name, value] of Object.entries(headers ?? {})) written[name.toLowerCase()] = value;
      return writeHead(...args);
    };
    raw.once('finish', () => {
      const headers = { ...written, ...raw.getHeaders() } as RecordedResponse['headers'];
      record({
        document: served(),
        response: {
          method: request.method,
          route: request.routeOptions.url,
          url: request.url,
          status: raw.statusCode,
          headers,
          body: Buffer.concat(chunks),
        },
      });
    });
    done();
  });
}
