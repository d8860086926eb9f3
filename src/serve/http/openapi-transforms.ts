import type { SwaggerTransform, SwaggerTransformObject } from '@fastify/swagger';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import type { OpenAPIV3_1 } from 'openapi-types';
import { type RateLimitsOn, withResponseHeaders } from './response-headers.ts';
import { queryTextSchema } from './validation/query-text-schemas.ts';
import { RAW_BODY_TYPE } from './document-intake.ts';

const RAW_BODY_SCHEMA = { type: 'string', format: 'binary', description: 'The document, byte for byte as the exchange served it' };

/**
 * @fastify/swagger's two transforms: the zod type provider's, then what the zod schemas do not
 * say. Per route, each query parameter's text as the server reads it (query-text-schemas.ts);
 * over the whole document, the headers every response carries (response-headers.ts), which
 * depend on this app's limits, not on any one route.
 */
export function openApiTransforms(limits: RateLimitsOn): { transform: SwaggerTransform; transformObject: SwaggerTransformObject } {
  return {
    transform: (input) => {
      const result = jsonSchemaTransform(input);
      const schema = result.schema as { querystring?: Record<string, unknown>; body?: unknown; consumes?: readonly string[] } | undefined;
      if (schema?.querystring) schema.querystring = queryTextSchema(schema.querystring);
      // A raw body is never validated (a schema would walk every byte); it is documented here.
      if (schema && schema.body === undefined && schema.consumes?.includes(RAW_BODY_TYPE)) schema.body = RAW_BODY_SCHEMA;
      return result;
    },
    transformObject: (input) => withResponseHeaders(jsonSchemaTransformObject(input) as OpenAPIV3_1.Document, limits),
  };
}
