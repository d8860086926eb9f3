import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { withListedSchema } from './listed-schema.ts';
import { portableJsonSchema } from './portable-json-schema.ts';

describe('withListedSchema', () => {
  const schema = z.object({ name: z.string().nullable().describe('The name'), limit: z.number().int().default(5) });

  it('validates exactly as the zod schema does, defaults included', async () => {
    const listed = withListedSchema(schema, portableJsonSchema);
    expect(await listed['~standard'].validate({ name: null })).toEqual({ value: { name: null, limit: 5 } });
    const refused = await listed['~standard'].validate({ name: 1 });
    expect(refused.issues?.[0]?.path).toEqual(['name']);
  });

  it('lists the shaped JSON Schema of each side, without the $schema tag', () => {
    const listed = withListedSchema(schema, portableJsonSchema);
    const input = listed['~standard'].jsonSchema.input({ target: 'draft-2020-12' });
    expect(input).not.toHaveProperty('$schema');
    expect(input.properties).toEqual({
      name: { anyOf: [{ type: 'string' }, { type: 'null' }], description: 'The name' },
      limit: { type: 'integer', default: 5, minimum: expect.any(Number), maximum: expect.any(Number) },
    });
    expect(listed['~standard'].jsonSchema.output({ target: 'draft-2020-12' }).required).toEqual(['name', 'limit']);
  });
});
