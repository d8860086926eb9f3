import { isSchemaNode, type JsonSchemaNode, mapChildren } from './json-schema-nodes.ts';
import { portableJsonSchema } from './portable-json-schema.ts';

/** What a field's shape keeps: its type and the values it may take. */
const KEPT = new Set(['type', 'enum', 'const', 'format', 'anyOf', 'oneOf', 'items', 'properties', 'required', 'additionalProperties']);

const OBJECT: JsonSchemaNode = { type: 'object' };

/** Union branches without repeats: two object branches, once shaped, are one `object`. */
function distinct(branches: JsonSchemaNode[]): JsonSchemaNode[] {
  const seen = new Set<string>();
  return branches.filter((branch) => {
    const text = JSON.stringify(branch);
    return !seen.has(text) && Boolean(seen.add(text));
  });
}

/**
 * A field's schema reduced to its shape: a primitive keeps its type, enum, const and format;
 * an object is `{"type": "object"}`; an array keeps its items, shaped the same way; a union
 * its distinct branches (a nullable object is `anyOf` object or null).
 */
function shape(field: JsonSchemaNode): JsonSchemaNode {
  // A `$ref` left by portableJsonSchema is a recursive definition: an object.
  if (field.properties !== undefined || field.type === 'object' || field.$ref !== undefined) return OBJECT;
  const kept = Object.fromEntries(Object.entries(field).filter(([keyword]) => KEPT.has(keyword)));
  const shaped = mapChildren(kept, shape);
  for (const keyword of ['anyOf', 'oneOf'] as const) {
    const branches = shaped[keyword];
    if (!Array.isArray(branches)) continue;
    const unique = distinct(branches as JsonSchemaNode[]);
    if (unique.length === 1) return { ...unique[0] };
    shaped[keyword] = unique;
  }
  return shaped;
}

/**
 * A tool's output schema as tools/list advertises it: the result's own fields, each with its
 * type (portable: anyOf with null for a nullable one), an object or a list of objects as
 * `object`, and no descriptions. Spelled out in full, with a description on every field of
 * every fact, company and candle, the 18 output schemas were 200 KB of a 256 KB tool list,
 * which every agent session pays for. A model writes calls from the tool descriptions and
 * input schemas, which keep every description; the structuredContent it gets back names each
 * field, and the text beside it says what the result holds (docs/mcp.md). The server
 * validates its output with the full zod schema, which this shape never contradicts.
 */
export function compactOutputSchema(schema: JsonSchemaNode): JsonSchemaNode {
  const root = portableJsonSchema(schema);
  const fields = isSchemaNode(root.properties) ? root.properties : {};
  return {
    type: 'object',
    properties: Object.fromEntries(Object.entries(fields).map(([name, field]) => [name, isSchemaNode(field) ? shape(field) : field])),
    ...(Array.isArray(root.required) ? { required: root.required } : {}),
    ...(root.additionalProperties === undefined ? {} : { additionalProperties: root.additionalProperties }),
  };
}
