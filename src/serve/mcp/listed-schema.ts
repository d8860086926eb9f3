import type { StandardSchemaWithJSON } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { type JsonSchemaNode, withoutKeywords } from './json-schema-nodes.ts';

type Side = 'input' | 'output';

/** The JSON Schema dialect of tools/list: MCP reads a schema without `$schema` as 2020-12. */
const TARGET = 'draft-2020-12';

type Shape = (json: JsonSchemaNode) => JsonSchemaNode;

/** Each schema's listed JSON Schema by shape and side, made once: a server is built per request. */
const cache = new WeakMap<z.ZodType, Map<Shape, Map<Side, JsonSchemaNode>>>();

/** The zod schema's JSON Schema for one side, shaped. */
function listed(schema: z.ZodType, side: Side, shape: Shape): JsonSchemaNode {
  const shapes = cache.get(schema) ?? new Map<Shape, Map<Side, JsonSchemaNode>>();
  cache.set(schema, shapes);
  const sides = shapes.get(shape) ?? new Map<Side, JsonSchemaNode>();
  shapes.set(shape, sides);
  const known = sides.get(side);
  if (known) return known;
  // `$schema` is left out: every schema here is 2020-12, the dialect MCP assumes without it.
  const shaped = shape(withoutKeywords(z.toJSONSchema(schema, { io: side, target: TARGET }), '$schema'));
  sides.set(side, shaped);
  return shaped;
}

/**
 * The zod schema as the SDK takes it, validating exactly as zod does (the SDK's input checks
 * and error texts are unchanged), but advertising in tools/list the JSON Schema `shape` makes
 * of zod's: portable for inputs, compact for outputs.
 */
export function withListedSchema<S extends z.ZodType>(schema: S, shape: Shape): StandardSchemaWithJSON<z.input<S>, z.output<S>> {
  const standard = schema['~standard'];
  return {
    '~standard': {
      version: 1,
      vendor: standard.vendor,
      validate: (value) => standard.validate(value),
      jsonSchema: {
        input: () => listed(schema, 'input', shape),
        output: () => listed(schema, 'output', shape),
      },
    },
  };
}
