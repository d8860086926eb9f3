/** A JSON Schema object as tools/list carries it (boolean schemas are never emitted here). */
export type JsonSchemaNode = { [keyword: string]: unknown };

export const isSchemaNode = (value: unknown): value is JsonSchemaNode =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The node without the given keywords. */
export const withoutKeywords = (node: JsonSchemaNode, ...keywords: string[]): JsonSchemaNode =>
  Object.fromEntries(Object.entries(node).filter(([keyword]) => !keywords.includes(keyword)));

/** Keywords whose value is one subschema, a list of them, or a record of them. */
const ONE = ['items', 'additionalProperties', 'not', 'contains', 'propertyNames'] as const;
const LIST = ['anyOf', 'oneOf', 'allOf', 'prefixItems'] as const;
const RECORD = ['properties', '$defs', 'patternProperties'] as const;

/** How a child subschema hangs from its parent: the keyword, and the property or definition name for records. */
export interface SchemaEdge {
  readonly keyword: string;
  readonly key?: string;
}

/**
 * A copy of `node` whose direct subschemas are replaced by `map(child, edge)`; the node's own
 * keywords are kept. The one walk every schema transform here is built on.
 */
export function mapChildren(node: JsonSchemaNode, map: (child: JsonSchemaNode, edge: SchemaEdge) => JsonSchemaNode): JsonSchemaNode {
  const copy: JsonSchemaNode = { ...node };
  for (const keyword of ONE) {
    const child = node[keyword];
    if (isSchemaNode(child)) copy[keyword] = map(child, { keyword });
  }
  for (const keyword of LIST) {
    const children = node[keyword];
    if (Array.isArray(children)) copy[keyword] = children.map((child: unknown) => (isSchemaNode(child) ? map(child, { keyword }) : child));
  }
  for (const keyword of RECORD) {
    const record = node[keyword];
    if (!isSchemaNode(record)) continue;
    copy[keyword] = Object.fromEntries(
      Object.entries(record).map(([key, child]) => [key, isSchemaNode(child) ? map(child, { keyword, key }) : child]),
    );
  }
  return copy;
}

/** Every subschema of `root`, itself included, depth first. */
export function allNodes(root: JsonSchemaNode): JsonSchemaNode[] {
  const found: JsonSchemaNode[] = [];
  const visit = (node: JsonSchemaNode): JsonSchemaNode => {
    found.push(node);
    return mapChildren(node, visit);
  };
  visit(root);
  return found;
}
