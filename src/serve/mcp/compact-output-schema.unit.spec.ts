import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { compactOutputSchema } from './compact-output-schema.ts';
import type { JsonSchemaNode } from './json-schema-nodes.ts';

const json = (schema: z.ZodType) => z.toJSONSchema(schema, { io: 'output', target: 'draft-2020-12' }) as JsonSchemaNode;

describe('compactOutputSchema', () => {
  const Company = z.object({ id: z.uuid().describe('Company UUID'), name: z.string().nullable().describe('Name') });
  const output = z.object({
    company: Company.describe('The company'),
    owner: Company.nullable().describe('The owner'),
    facts: z.array(z.object({ value: z.string(), company: Company })).describe('The facts'),
    kinds: z.array(z.enum(['a', 'b'])).describe('Kinds'),
    total: z.number().int().min(0).nullable().describe('How many'),
  });

  it('keeps every field of the result, typed, with objects as object and no descriptions', () => {
    const compact = compactOutputSchema(json(output));
    expect(compact).toEqual({
      type: 'object',
      properties: {
        company: { type: 'object' },
        owner: { anyOf: [{ type: 'object' }, { type: 'null' }] },
        facts: { type: 'array', items: { type: 'object' } },
        kinds: { type: 'array', items: { type: 'string', enum: ['a', 'b'] } },
        total: { anyOf: [{ type: 'integer' }, { type: 'null' }] },
      },
      required: ['company', 'owner', 'facts', 'kinds', 'total'],
      additionalProperties: false,
    });
  });
});
