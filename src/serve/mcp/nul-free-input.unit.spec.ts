import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { NUL_MESSAGE, nulPaths, refusingNulCharacters } from './nul-free-input.ts';

describe('nulPaths', () => {
  it('finds U+0000 in strings at any depth, in arrays and in object keys, and nothing elsewhere', () => {
    const value = { a: 'clean', b: 'x\u0000', c: [1, 'ok', 'y\u0000z'], d: { e: { f: '\u0000' } }, 'k\u0000': 2, g: null, h: true };
    // An object's keys are read when the object is, before its values are walked.
    expect(nulPaths(value)).toEqual([['k\u0000'], ['b'], ['c', 2], ['d', 'e', 'f']]);
    expect(nulPaths({ a: 'clean', b: ['😀', '\\u0000'] })).toEqual([]);
    expect(nulPaths('\u0000')).toEqual([[]]);
  });

  it('names at most the first few, however many there are', () => {
    expect(nulPaths(Array.from({ length: 10_000 }, () => '\u0000'))).toHaveLength(5);
    expect(nulPaths({ ...Object.fromEntries(Array.from({ length: 10 }, (_, i) => [`k${i}\u0000`, 1])) })).toHaveLength(5);
  });

  it('walks 100,000 levels of nesting without exhausting the stack', () => {
    let deep: unknown = 'bottom\u0000';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    const [path] = nulPaths(deep);
    expect(path).toHaveLength(100_000);
  });
});

describe('refusingNulCharacters', () => {
  const schema = refusingNulCharacters(
    z.object({ name: z.string(), tags: z.array(z.string()).default([]), nested: z.object({ text: z.string() }).optional() }),
  );

  it('refuses every string that holds U+0000, each with its path, and passes the rest unchanged', () => {
    const refused = schema.safeParse({ name: 'a\u0000b', tags: ['ok', '\u0000'], nested: { text: 'x\u0000' } });
    expect(refused.error?.issues.map((issue) => [issue.path, issue.message])).toEqual([
      [['name'], NUL_MESSAGE],
      [['tags', 1], NUL_MESSAGE],
      [['nested', 'text'], NUL_MESSAGE],
    ]);
    expect(schema.parse({ name: 'TCS', nested: { text: 'मूल्य 😀' } })).toEqual({ name: 'TCS', tags: [], nested: { text: 'मूल्य 😀' } });
  });

  it('leaves the JSON Schema the tool list is made from as it was', () => {
    const plain = z.object({ name: z.string().describe('A name') });
    expect(z.toJSONSchema(refusingNulCharacters(plain))).toEqual(z.toJSONSchema(plain));
  });
});
