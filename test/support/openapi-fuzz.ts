import fc from 'fast-check';

/** The part of JSON Schema the served OpenAPI document uses for parameters and bodies. */
export interface JsonSchema {
  readonly $ref?: string;
  readonly type?: string;
  readonly enum?: readonly unknown[];
  readonly anyOf?: readonly JsonSchema[];
  readonly properties?: Readonly<Record<string, JsonSchema>>;
  readonly required?: readonly string[];
  readonly items?: JsonSchema;
  readonly format?: string;
  readonly minimum?: number;
  readonly maximum?: number;
  readonly minLength?: number;
  readonly maxLength?: number;
  readonly maxItems?: number;
}

interface Parameter {
  readonly name: string;
  readonly in: string;
  readonly required?: boolean;
  readonly schema: JsonSchema;
  /** Texts the document gives as examples (OpenAPI's map of named examples). */
  readonly examples?: Readonly<Record<string, { readonly value?: unknown }>>;
}

interface OpenApiDocument {
  readonly paths: Record<
    string,
    Record<string, { parameters?: Parameter[]; requestBody?: { content: Record<string, { schema: JsonSchema }> } }>
  >;
  readonly components?: { readonly schemas?: Record<string, JsonSchema> };
}

/** One operation of the document: what the fuzzer may send to it. */
export interface Operation {
  readonly method: 'GET' | 'POST' | 'DELETE';
  /** The path as documented, with `{name}` placeholders. */
  readonly path: string;
  readonly parameters: readonly Parameter[];
  /** The JSON body's schema, $refs unresolved; undefined when it takes none. */
  readonly body: JsonSchema | undefined;
}

export interface FuzzRequest {
  readonly method: Operation['method'];
  readonly url: string;
  readonly headers: Record<string, string | string[]>;
  readonly payload?: string;
}

/** The operations of a served OpenAPI document, in its order. */
export function operationsOf(document: unknown): Operation[] {
  const { paths } = document as OpenApiDocument;
  return Object.entries(paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({
      method: method.toUpperCase() as Operation['method'],
      path,
      parameters: operation.parameters ?? [],
      body: operation.requestBody?.content['application/json']?.schema,
    })),
  );
}

// Values are generated as recipes and built with `repeat`: fast-check building a megabyte
// string character by character would hold the event loop the run is measuring.

/** Hostile text: NULs, astral characters, lone surrogates, controls, huge, SQL and path junk. */
const hostileText = (maxHuge: number): fc.Arbitrary<string> =>
  fc.oneof(
    fc.constantFrom(
      '\u0000',
      'ACC\u0000',
      '\u0000'.repeat(50),
      '😀',
      '😀'.repeat(41),
      '😀'.repeat(81),
      '𝕏₹\u200d\u202e',
      '\uD800',
      '\uDFFFx\uD83D',
      '\u0001\u001f\u007f\u0085\u2028',
      "' or 1=1 --",
      '%',
      '%00',
      '../../etc/passwd',
      '{"a":1}',
      '__proto__',
      'constructor',
      'toString',
      'hasOwnProperty',
      '[]',
      '',
      ' ',
      'NaN',
      '-0',
      '1e309',
      '9007199254740993',
      '0000-00-00',
      '9999-12-31T23:59:59Z',
      'null',
    ),
    fc.string({ unit: 'binary', maxLength: 40 }),
    fc
      .record({ size: fc.integer({ min: 200, max: maxHuge }), unit: fc.constantFrom('x', '😀', '\u0000', 'é', '\\', '"') })
      .map(({ size, unit }) => unit.repeat(Math.ceil(size / unit.length))),
  );

/** JSON values of any type, nested or wide, built cheaply. */
const hostileValue = (maxHuge: number): fc.Arbitrary<unknown> =>
  fc.oneof(
    hostileText(maxHuge),
    fc.constantFrom(null, true, false, 0, -1, 1.5, 1e308, -1e308, 2 ** 53 + 2, -0, {}, [], { '': '' }, ['\u0000']),
    fc.integer(),
    fc.double({ noNaN: true, noDefaultInfinity: true }),
    fc
      .record({ depth: fc.integer({ min: 2, max: 40 }), leaf: fc.constantFrom<unknown>('\u0000', 1, '😀', null) })
      .map(({ depth, leaf }) => {
        let value = leaf;
        for (let i = 0; i < depth; i++) value = i % 2 === 0 ? [value] : { a: value };
        return value;
      }),
    fc
      .record({ width: fc.integer({ min: 10, max: 20_000 }), item: fc.constantFrom<unknown>(1, 'x', '\u0000', null, {}) })
      .map(({ width, item }) => Array.from({ length: width }, () => item)),
    fc.integer({ min: 10, max: 5_000 }).map((width) => Object.fromEntries(Array.from({ length: width }, (_, i) => [`k${i}`, i]))),
  );

/** Values the sample data answers to, so that some requests reach the handlers and the database. */
const PLAUSIBLE_TEXT = [
  'ACC',
  'RELIANCE',
  'TCS',
  'INFY',
  'NSE:RELIANCE',
  'BSE:500410',
  'INE002A01018',
  'Revenue',
  'dividend',
  'NSE',
  'BSE',
];

function plausibleText(schema: JsonSchema): fc.Arbitrary<string> {
  switch (schema.format) {
    case 'date':
      return fc.constantFrom('2024-03-31', '2024-06-30', '2024-12-31', '2000-02-29', '1900-01-01');
    case 'date-time':
      return fc.constantFrom('2024-06-30T00:00:00Z', '2025-01-29T10:00:00+05:30', '2024-12-31T18:29:59.999Z', '0001-01-01T00:00:00Z');
    case 'uuid':
      return fc.uuid();
    default:
      return fc.oneof(fc.constantFrom(...PLAUSIBLE_TEXT), fc.string({ maxLength: Math.min(schema.maxLength ?? 40, 40) }));
  }
}

function plausibleNumber(schema: JsonSchema): fc.Arbitrary<number> {
  const min = schema.minimum ?? -1_000_000;
  const max = Math.min(schema.maximum ?? 1_000_000, Number.MAX_SAFE_INTEGER);
  return fc.oneof(
    fc.integer({ min: Math.max(min, -1_000_000), max: Math.min(max, 1_000_000) }),
    fc.constantFrom(min - 1, max + 1, min, max),
  );
}

/**
 * Values for a schema: mostly of its type and within or just outside its bounds, sometimes
 * anything at all (wrong types, NULs, huge, deep, wide). `depth` stops $ref chains.
 */
function valueFor(schema: JsonSchema, schemas: Record<string, JsonSchema>, maxHuge: number, depth = 0): fc.Arbitrary<unknown> {
  const resolved = schema.$ref ? (schemas[schema.$ref.replace('#/components/schemas/', '')] ?? {}) : schema;
  const typed = typedValue(resolved, schemas, maxHuge, depth);
  return fc.oneof({ arbitrary: typed, weight: 6 }, { arbitrary: hostileValue(maxHuge), weight: 1 });
}

function typedValue(schema: JsonSchema, schemas: Record<string, JsonSchema>, maxHuge: number, depth: number): fc.Arbitrary<unknown> {
  if (depth > 6) return fc.constant(null);
  if (schema.anyOf) return fc.oneof(...schema.anyOf.map((branch) => valueFor(branch, schemas, maxHuge, depth + 1)));
  if (schema.enum) return fc.oneof(fc.constantFrom(...schema.enum), hostileText(maxHuge));
  switch (schema.type) {
    case 'string':
      return plausibleText(schema);
    case 'integer':
    case 'number':
      return schema.type === 'number' ? fc.oneof(plausibleNumber(schema), fc.double({ noNaN: true })) : plausibleNumber(schema);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(valueFor(schema.items ?? {}, schemas, maxHuge, depth + 1), { maxLength: (schema.maxItems ?? 4) + 2 });
    case 'object': {
      const properties = Object.entries(schema.properties ?? {});
      const record = fc.record(
        Object.fromEntries(properties.map(([name, property]) => [name, valueFor(property, schemas, maxHuge, depth + 1)])),
        { requiredKeys: [] },
      );
      // Required properties are usually there, so validation gets past them to the rest.
      const required = schema.required ?? [];
      return fc
        .tuple(record, fc.boolean(), fc.option(fc.dictionary(fc.string({ maxLength: 12 }), hostileValue(maxHuge), { maxKeys: 3 })))
        .map(([value, fill, extra]) => ({
          ...(fill ? Object.fromEntries(required.map((name) => [name, 'ACC'])) : {}),
          ...value,
          ...extra,
        }));
    }
    default:
      return hostileValue(maxHuge);
  }
}

/** Bodies that are not a JSON value of any schema: too deep, malformed, huge, empty. */
const hostileBodyText = (bodyLimit: number): fc.Arbitrary<string> =>
  fc.oneof(
    fc.integer({ min: 1, max: 5_000 }).map((n) => '['.repeat(n) + ']'.repeat(n)),
    fc.integer({ min: 1, max: 3_000 }).map((n) => '{"a":'.repeat(n) + '1' + '}'.repeat(n)),
    fc
      .record({ depth: fc.integer({ min: 2, max: 2_000 }), width: fc.integer({ min: 1, max: 50 }) })
      .map(({ depth, width }) => `${`[${'"\\u0000",'.repeat(width)}`.repeat(depth)}0${']'.repeat(depth)}`),
    fc.integer({ min: 1, max: 200 }).map((n) => '['.repeat(n)),
    fc.integer({ min: bodyLimit - 64, max: bodyLimit * 2 }).map((size) => `{"query":"${'x'.repeat(size)}"}`),
    fc.integer({ min: 1, max: bodyLimit / 4 }).map((width) => `[${'0,'.repeat(width)}0]`),
    fc.constantFrom(
      '',
      ' ',
      'null',
      '"\\u0000"',
      '{',
      '{"query":}',
      '\uFEFF{"query":"ACC"}',
      '{"__proto__":{"x":1},"query":"ACC"}',
      'nul\u0000',
    ),
  );

/** Text for a query parameter; at most a few KB, as Node refuses request heads over 16 KiB. */
function queryText({ schema, examples }: Parameter): fc.Arbitrary<string> {
  const documented = Object.values(examples ?? {}).map((example) => String(example.value));
  const plausible = schema.enum
    ? fc.constantFrom(...schema.enum.map(String))
    : schema.type === 'integer' || schema.type === 'number'
      ? plausibleNumber(schema).map(String)
      : schema.type === 'boolean' || schema.anyOf?.some((branch) => branch.type === 'boolean')
        ? fc.constantFrom('true', 'false', 'yes', '0', 'on', 'maybe')
        : documented.length > 0
          ? fc.oneof(fc.constantFrom(...documented), plausibleText(schema))
          : plausibleText(schema);
  return fc.oneof({ arbitrary: plausible, weight: 6 }, { arbitrary: hostileText(4_000), weight: 1 });
}

/** Percent-encodes UTF-8 bytes, so lone surrogates (U+FFFD on the wire) cannot make it throw. */
const encode = (text: string) => [...Buffer.from(text, 'utf8')].map((byte) => `%${byte.toString(16).padStart(2, '0')}`).join('');

/** Authentication as clients send it, right and wrong; mostly the good key. */
function authHeaders(key: string): fc.Arbitrary<Record<string, string | string[]>> {
  return fc.oneof(
    { arbitrary: fc.constant({ 'x-api-key': key }), weight: 12 },
    { arbitrary: fc.constant({ authorization: `Bearer ${key}` }), weight: 2 },
    {
      arbitrary: fc.constantFrom<Record<string, string | string[]>>(
        {},
        { 'x-api-key': 'imd_wrong' },
        { 'x-api-key': [key, key] },
        { authorization: 'Basic eDp5' },
        { authorization: 'Bearer' },
        { 'x-api-key': key, authorization: 'Bearer imd_other' },
        { 'x-api-key': `${key}\u0000` },
      ),
      weight: 1,
    },
  );
}

const CONTENT_TYPES = [
  'application/json',
  'application/json; charset=utf-8',
  'text/plain',
  'application/x-www-form-urlencoded',
  'application/xml',
];

/**
 * Requests for one operation: its documented query and path parameters and body, each
 * mostly plausible and sometimes hostile, plus unknown and repeated parameters, wrong
 * content types and wrong authentication.
 */
export function requestsFor(operation: Operation, document: unknown, key: string, bodyLimit: number): fc.Arbitrary<FuzzRequest> {
  const schemas = (document as OpenApiDocument).components?.schemas ?? {};
  const query = operation.parameters.filter((parameter) => parameter.in === 'query');
  const pathParameters = operation.parameters.filter((parameter) => parameter.in === 'path');
  // Each documented parameter, required ones usually there and the others half the time,
  // then a few unknown or repeated ones.
  const documented = fc
    .tuple(...query.map((parameter) => fc.option(queryText(parameter), { nil: undefined, freq: parameter.required ? 8 : 2 })))
    .map((values) => values.flatMap((value, i): Array<[string, string]> => (value === undefined ? [] : [[query[i]?.name ?? '', value]])));
  const names = query.length > 0 ? query.map((parameter) => parameter.name) : ['x'];
  const extra = fc.array(fc.tuple(fc.oneof(fc.constantFrom(...names), hostileText(200)), hostileText(200)), { maxLength: 3 });
  const queryPairs = fc.tuple(documented, fc.option(extra, { freq: 4 })).map(([pairs, more]) => [...pairs, ...(more ?? [])]);
  const pathValues = fc.tuple(...pathParameters.map((parameter) => fc.oneof(plausibleText(parameter.schema), hostileText(2_000))));
  const body = operation.body
    ? fc.oneof(
        { arbitrary: valueFor(operation.body, schemas, bodyLimit).map((value) => JSON.stringify(value)), weight: 4 },
        { arbitrary: hostileBodyText(bodyLimit), weight: 1 },
      )
    : fc.constant(undefined);
  const contentType = fc.oneof(
    { arbitrary: fc.constant(CONTENT_TYPES[0] ?? ''), weight: 8 },
    { arbitrary: fc.constantFrom(...CONTENT_TYPES), weight: 1 },
  );
  return fc
    .record({ pairs: queryPairs, pathValues, body, auth: authHeaders(key), contentType })
    .map(({ pairs, pathValues, body, auth, contentType }) => {
      let path = operation.path;
      pathParameters.forEach((parameter, i) => (path = path.replace(`{${parameter.name}}`, encode(String(pathValues[i])))));
      const search = pairs.map(([name, value]) => `${encode(name)}=${encode(value)}`).join('&');
      const url = search ? `${path}?${search}` : path;
      const headers = body === undefined ? auth : { ...auth, 'content-type': contentType };
      return { method: operation.method, url, headers, ...(body === undefined ? {} : { payload: body }) };
    });
}

/**
 * What every answer to a fuzzed request must be, the problem found or undefined: no 5xx,
 * and every 4xx in FastAPI's shape and under `maxErrorBytes`. A 200's size is the `limit`
 * the client asked for (a page of 100 companies is 190 KB), not something hostile input
 * can inflate, so only error bodies are held to the bound.
 */
export function problemWith(
  response: { readonly statusCode: number; readonly rawPayload: Buffer; json(): unknown },
  maxErrorBytes: number,
): string | undefined {
  const { statusCode: status } = response;
  if (status >= 500) return `a ${status}`;
  if (status < 400) return undefined;
  if (response.rawPayload.length >= maxErrorBytes) return `a ${status} body of ${response.rawPayload.length} bytes`;
  let body: unknown;
  try {
    body = response.json();
  } catch {
    return `a ${status} whose body is not JSON`;
  }
  if (body === null || typeof body !== 'object' || !('detail' in body)) return `a ${status} without detail`;
  const { detail } = body;
  if (status !== 422) return typeof detail === 'string' ? undefined : `a ${status} whose detail is not a text`;
  if (!Array.isArray(detail) || detail.length === 0) return 'a 422 whose detail is not a list of errors';
  const bad = detail.find(
    (item: unknown) =>
      item === null ||
      typeof item !== 'object' ||
      !('input' in item) ||
      !('type' in item && typeof item.type === 'string') ||
      !('msg' in item && typeof item.msg === 'string') ||
      !(
        'loc' in item &&
        Array.isArray(item.loc) &&
        item.loc.every((part: unknown) => typeof part === 'string' || typeof part === 'number')
      ),
  );
  return bad === undefined ? undefined : `a 422 error not in FastAPI's shape: ${JSON.stringify(bad).slice(0, 300)}`;
}
