import { readdir, readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { eventJsonSchemas } from './event-json-schemas.ts';

describe('generated event catalogue', () => {
  it('matches the zod schemas (run npm run gen after changing an event)', async () => {
    const dir = new URL('./events/', import.meta.url);
    const expected = eventJsonSchemas();
    const committed = Object.fromEntries(
      await Promise.all((await readdir(dir)).map(async (name) => [name, await readFile(new URL(name, dir), 'utf8')])),
    );
    expect(committed).toEqual(expected);
  });

  it('describes FinancialsReported facts with exact decimal strings', () => {
    const schema = JSON.parse(eventJsonSchemas()['FinancialsReported.v1.schema.json'] ?? '{}') as {
      properties: { facts: { items: { properties: { value: unknown } } } };
    };
    const value = schema.properties.facts.items.properties.value;
    expect(value).toMatchObject({ type: 'string', pattern: '^-?\\d+(\\.\\d+)?$' });
  });
});
