import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import formats from 'ajv-formats';
import { headerText, type RecordedResponse } from './recorded-response.ts';
import { parseEventStream } from './event-stream.ts';

/** The parts of an OpenAPI 3.1 document the check reads. */
export interface OpenApiDocument {
  readonly paths?: Record<string, Record<string, Operation | undefined> | undefined>;
  readonly components?: { readonly schemas?: Record<string, unknown> };
}

interface Operation {
  readonly responses?: Record<string, ResponseObject | undefined>;
}

interface ResponseObject {
  readonly headers?: Record<string, { readonly required?: boolean; readonly schema?: object } | undefined>;
  readonly content?: Record<string, MediaType | undefined>;
}

interface MediaType {
  readonly schema?: { readonly 'x-events'?: Record<string, string> };
}

/**
 * Routes the document leaves out on purpose: the document itself, its interactive page, the
 * explorer's static files and the MCP endpoint (JSON-RPC, whose contract is the MCP schema).
 */
const OUTSIDE_THE_DOCUMENT = [/^\/v1\/openapi\.json$/, /^\/docs(\/|$)/, /^\/explore(\/|$)/, /^\/mcp\/?$/];

const DOCUMENT_ID = 'https://contract.invalid/openapi.json';

const escapePointer = (part: string) => part.replaceAll('~', '~0').replaceAll('/', '~1');

/** `/v1/keys/:key_id` as OpenAPI writes it, `/v1/keys/{key_id}`. */
const openApiPath = (route: string) => route.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

const mediaTypeOf = (response: RecordedResponse) => headerText(response, 'content-type')?.split(';')[0]?.trim().toLowerCase();

/**
 * Checks responses against an OpenAPI 3.1 document with Ajv (JSON Schema 2020-12): the route
 * and status are documented, the content type is one the status lists, the headers the
 * status documents are there (when required) and hold what their schemas say, and the body
 * is valid against the media type's schema: JSON as a whole, NDJSON line by line, and an
 * event stream event by event against the component its `x-events` names for the event.
 */
export class OpenApiContract {
  private readonly ajv: Ajv2020;
  private readonly headerAjv: Ajv2020;
  private readonly validators = new Map<string, ValidateFunction>();
  private readonly document: OpenApiDocument;

  constructor(document: OpenApiDocument) {
    this.document = document;
    // strict: false, as the document's schemas carry OpenAPI's own keywords and extensions.
    this.ajv = new Ajv2020({ allErrors: true, strict: false });
    formats.default(this.ajv);
    this.ajv.addSchema({ ...document, $id: DOCUMENT_ID });
    // Header values are text; their schemas say integer where the text is one.
    this.headerAjv = new Ajv2020({ allErrors: true, strict: false, coerceTypes: true });
    formats.default(this.headerAjv);
  }

  /** What is wrong with the response, one sentence each; empty when it conforms. */
  violations(response: RecordedResponse): string[] {
    if (response.method === 'OPTIONS') return []; // CORS preflights: answered before any route
    if (response.route === undefined) return this.unmatched(response);
    if (OUTSIDE_THE_DOCUMENT.some((pattern) => pattern.test(response.route ?? ''))) return [];
    const path = openApiPath(response.route);
    const method = response.method === 'HEAD' ? 'get' : response.method.toLowerCase();
    const operation = this.document.paths?.[path]?.[method];
    if (!operation) return [`${method.toUpperCase()} ${path} is not in the document`];
    const status = String(response.status);
    const documented = operation.responses?.[status] ?? operation.responses?.[`${status[0]}XX`] ?? operation.responses?.default;
    if (!documented) {
      return [
        `${method.toUpperCase()} ${path} answered ${status}, which it does not document (${Object.keys(operation.responses ?? {}).join(', ')})`,
      ];
    }
    const pointer = `#/paths/${escapePointer(path)}/${method}/responses/${status in (operation.responses ?? {}) ? status : 'default'}`;
    return [
      ...this.headerViolations(response, documented, pointer),
      ...(response.method === 'HEAD' ? [] : this.bodyViolations(response, documented, pointer)),
    ].map((problem) => `${method.toUpperCase()} ${path} ${status}: ${problem}`);
  }

  /** A URL no route matched gets the plain 404 `{detail}`. */
  private unmatched(response: RecordedResponse): string[] {
    if (response.status !== 404) return [`${response.method} ${response.url} matched no route and answered ${response.status}, not 404`];
    const problems = this.validateJson(response.body, '#/components/schemas/ErrorDetail');
    return problems.map((problem) => `${response.method} ${response.url} (no route) 404: ${problem}`);
  }

  private headerViolations(response: RecordedResponse, documented: ResponseObject, pointer: string): string[] {
    const problems: string[] = [];
    for (const [name, header] of Object.entries(documented.headers ?? {})) {
      const value = headerText(response, name);
      if (value === undefined) {
        if (header?.required) problems.push(`the required header ${name} is missing`);
        continue;
      }
      if (!header?.schema) continue;
      const validate = this.headerAjv.compile(header.schema);
      if (!validate(value)) problems.push(`header ${name}: ${JSON.stringify(value)} ${this.headerAjv.errorsText(validate.errors)}`);
    }
    void pointer;
    return problems;
  }

  private bodyViolations(response: RecordedResponse, documented: ResponseObject, pointer: string): string[] {
    const content = documented.content ?? {};
    const mediaType = mediaTypeOf(response);
    if (response.body.length === 0 && Object.keys(content).length === 0) return [];
    if (mediaType === undefined) return [`no content type, where the document lists ${Object.keys(content).join(', ')}`];
    const media = content[mediaType];
    if (!media) return [`content type ${mediaType} is not documented (${Object.keys(content).join(', ') || 'no body'})`];
    const schemaPointer = `${pointer}/content/${escapePointer(mediaType)}/schema`;
    const text = response.body.toString('utf8');
    if (mediaType === 'application/json' || mediaType.endsWith('+json')) return this.validateJson(response.body, schemaPointer);
    if (mediaType === 'application/x-ndjson') {
      return text
        .split('\n')
        .filter((line) => line.length > 0)
        .flatMap((line, index) => this.validateJson(Buffer.from(line), schemaPointer).map((problem) => `line ${index + 1}: ${problem}`));
    }
    if (mediaType === 'text/event-stream') return this.eventViolations(text, media);
    return this.validate(schemaPointer, text);
  }

  /** Each event of a stream: named in the schema's `x-events`, its data valid against the component named there. */
  private eventViolations(text: string, media: MediaType): string[] {
    const events = media.schema?.['x-events'];
    if (!events) return ['an event stream whose schema names no x-events'];
    return parseEventStream(text).flatMap(({ event, data }, index) => {
      const component = events[event];
      if (component === undefined) return [`event ${index + 1} is named ${event}, not one of ${Object.keys(events).join(', ')}`];
      return this.validateJson(Buffer.from(data), `#/components/schemas/${component}`).map(
        (problem) => `event ${index + 1} (${event}): ${problem}`,
      );
    });
  }

  private validateJson(body: Buffer, pointer: string): string[] {
    let value: unknown;
    try {
      value = JSON.parse(body.toString('utf8'));
    } catch {
      return [`the body is not JSON: ${body.toString('utf8').slice(0, 200)}`];
    }
    return this.validate(pointer, value);
  }

  private validate(pointer: string, value: unknown): string[] {
    let validate = this.validators.get(pointer);
    if (!validate) {
      validate = this.ajv.compile({ $ref: `${DOCUMENT_ID}${pointer}` });
      this.validators.set(pointer, validate);
    }
    if (validate(value)) return [];
    return (validate.errors ?? []).slice(0, 5).map((error) => `${error.instancePath || '(body)'} ${error.message ?? error.keyword}`);
  }
}

const contracts = new Map<string, OpenApiContract>();
const contractsByObject = new WeakMap<OpenApiDocument, OpenApiContract>();

/**
 * The check for a document, made once per distinct document (compiling its schemas is the
 * costly part). Found by the document object first: an app's responses share one, and writing
 * the whole document out as the key for each of a few thousand responses (a suite reading
 * through a long ingest) took over a minute beside the rest of the suite.
 */
export function contractFor(document: OpenApiDocument): OpenApiContract {
  const known = contractsByObject.get(document);
  if (known) return known;
  const key = JSON.stringify(document);
  let contract = contracts.get(key);
  if (!contract) {
    contract = new OpenApiContract(document);
    contracts.set(key, contract);
  }
  contractsByObject.set(document, contract);
  return contract;
}
