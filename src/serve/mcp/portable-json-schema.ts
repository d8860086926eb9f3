import { isSchemaNode, type JsonSchemaNode, mapChildren, withoutKeywords } from './json-schema-nodes.ts';

/** Keywords that describe a node as a whole and stay on it when its type array becomes branches. */
const WHOLE = new Set(['description', 'title', 'default', 'examples', '$comment']);

/**
 * `{"type": ["string", "null"], ...}` as `{"anyOf": [{"type": "string", ...}, {"type": "null"}]}`.
 * The array form is legal JSON Schema, but clients and model providers that read `type` as one
 * string reject the tool or drop the constraint (the MCP Inspector warns on it); `anyOf` means the
 * same everywhere. An `enum` holding null loses the null on the typed branch.
 */
function withoutTypeArray(node: JsonSchemaNode): JsonSchemaNode {
  const types = node.type;
  if (!Array.isArray(types)) return node;
  const whole: JsonSchemaNode = {};
  const rest: JsonSchemaNode = {};
  for (const [keyword, value] of Object.entries(node)) {
    if (keyword === 'type') continue;
    if (WHOLE.has(keyword)) whole[keyword] = value;
    else rest[keyword] = keyword === 'enum' && Array.isArray(value) ? value.filter((item) => item !== null) : value;
  }
  const branches = types.map((type): JsonSchemaNode => (type === 'null' ? { type } : { type, ...rest }));
  return branches.length === 1 ? { ...branches[0], ...whole } : { anyOf: branches, ...whole };
}

/** The node without a `pattern` beside a `format`: zod's own spelling of the format, hundreds of characters long. */
function withoutFormatPattern(node: JsonSchemaNode): JsonSchemaNode {
  if (typeof node.format !== 'string' || node.pattern === undefined) return node;
  return withoutKeywords(node, 'pattern');
}

/** `$ref: '#/$defs/Name'` replaced by the definition itself (its own keywords beside the ref win); a recursive one stays. */
function inlined(node: JsonSchemaNode, defs: JsonSchemaNode, open: readonly string[]): JsonSchemaNode {
  const ref = node.$ref;
  const name = typeof ref === 'string' && ref.startsWith('#/$defs/') ? ref.slice('#/$defs/'.length) : undefined;
  const target = name === undefined ? undefined : defs[name];
  if (name === undefined || !isSchemaNode(target) || open.includes(name)) {
    return mapChildren(node, (child, edge) => (edge.keyword === '$defs' ? child : inlined(child, defs, open)));
  }
  return inlined({ ...target, ...withoutKeywords(node, '$ref') }, defs, [...open, name]);
}

/** The root without the definitions no `$ref` points to any more. */
function withoutUnusedDefinitions(root: JsonSchemaNode): JsonSchemaNode {
  const { $defs, ...rest } = root;
  if (!isSchemaNode($defs)) return root;
  const text = JSON.stringify(rest);
  const used = Object.entries($defs).filter(([name]) => text.includes(`"#/$defs/${name}"`));
  return used.length === 0 ? rest : { ...rest, $defs: Object.fromEntries(used) };
}

/** `anyOf` branches that are themselves bare `anyOf`s spliced in: `anyOf[anyOf[a, b], null]` is `anyOf[a, b, null]`. */
function withFlatUnion(node: JsonSchemaNode): JsonSchemaNode {
  const branches = node.anyOf;
  if (!Array.isArray(branches)) return node;
  const bare = (branch: unknown): branch is { anyOf: unknown[] } =>
    isSchemaNode(branch) &&
    Array.isArray(branch.anyOf) &&
    Object.keys(branch).every((keyword) => keyword === 'anyOf' || keyword === 'description');
  return { ...node, anyOf: branches.flatMap((branch: unknown) => (bare(branch) ? branch.anyOf : [branch])) };
}

const portableNode = (node: JsonSchemaNode): JsonSchemaNode =>
  withFlatUnion(withoutTypeArray(withoutFormatPattern(mapChildren(node, portableNode))));

/**
 * A JSON Schema every MCP client reads alike: no type arrays (anyOf with a null branch
 * instead), no `pattern` beside a `format` (zod spells out its date, date-time and UUID
 * formats as regular expressions that say nothing the format does not), and no `$ref`s
 * where a definition can be written in place (clients that translate tool schemas into other
 * dialects often cannot follow one). Validation is the server's, by the zod schema; this is
 * what the tool list advertises.
 */
export function portableJsonSchema(root: JsonSchemaNode): JsonSchemaNode {
  const defs = isSchemaNode(root.$defs) ? root.$defs : {};
  return portableNode(withoutUnusedDefinitions(inlined(root, defs, [])));
}
