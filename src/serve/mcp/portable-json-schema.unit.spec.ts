import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { allNodes, type JsonSchemaNode } from './json-schema-nodes.ts';
import { portableJsonSchema } from './portable-json-schema.ts';

const json = (schema: z.ZodType) => z.toJSONSchema(schema, { io: 'input', target: 'draft-2020-12' }) as JsonSchemaNode;

describe('portableJsonSchema', () => {
  it('writes a nullable field as anyOf with a null branch, never as a type array', () => {
    const schema = json(z.object({ name: z.string().nullable().describe('The name'), day: z.iso.date().nullable() }));
    expect(JSON.stringify(schema)).toContain('"type":["string","null"]');
    const portable = portableJsonSchema(schema);
    expect(allNodes(portable).some((node) => Array.isArray(node.type))).toBe(false);
    expect(portable.properties).toEqual({
      name: { anyOf: [{ type: 'string' }, { type: 'null' }], description: 'The name' },
      day: { anyOf: [{ type: 'string', format: 'date' }, { type: 'null' }] },
    });
  });

  it('keeps the values of a nullable enum on its typed branch', () => {
    const portable = portableJsonSchema({ type: ['string', 'null'], enum: ['a', 'b', null] });
    expect(portable).toEqual({ anyOf: [{ type: 'string', enum: ['a', 'b'] }, { type: 'null' }] });
  });

  it("drops zod's pattern beside a format, and keeps a pattern of its own", () => {
    const portable = portableJsonSchema(json(z.object({ at: z.iso.datetime({ offset: true }), code: z.string().regex(/^\d{6}$/) })));
    expect(portable.properties).toEqual({ at: { type: 'string', format: 'date-time' }, code: { type: 'string', pattern: '^\\d{6}$' } });
  });

  it('writes a registered definition in place of its $ref, keeping the description beside the ref', () => {
    const Filter = z.object({ metric: z.string() }).meta({ id: 'Filter' });
    const schema = json(z.object({ first: Filter.describe('The first'), rest: z.array(Filter) }));
    expect(JSON.stringify(schema)).toContain('$ref');
    const portable = portableJsonSchema(schema);
    expect(JSON.stringify(portable)).not.toContain('$ref');
    expect(portable.$defs).toBeUndefined();
    expect((portable.properties as JsonSchemaNode).first).toMatchObject({ type: 'object', description: 'The first' });
  });

  it('flattens a union of unions: a nullable union is one anyOf', () => {
    expect(portableJsonSchema({ anyOf: [{ anyOf: [{ type: 'string' }, { type: 'number' }] }, { type: 'null' }] })).toEqual({
      anyOf: [{ type: 'string' }, { type: 'number' }, { type: 'null' }],
    });
  });
});
