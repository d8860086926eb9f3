import { describe, expect, it } from 'vitest';
import { nulCharacterErrors } from './nul-characters.ts';

describe('nulCharacterErrors', () => {
  it('finds NULs in any string, in document order, with the path to each', () => {
    const body = { a: ['ok', 'x\u0000'], b: { c: [{ d: '\u0000' }] }, e: '\u0000e' };
    expect(nulCharacterErrors('body', body, 20).map((error) => error.loc)).toEqual([
      ['body', 'a', 1],
      ['body', 'b', 'c', 0, 'd'],
      ['body', 'e'],
    ]);
    expect(nulCharacterErrors('query', '\u0000', 20)).toMatchObject([{ loc: ['query'], type: 'string_pattern_mismatch' }]);
    expect(nulCharacterErrors('body', { a: [1, null, true, 'fine'] }, 20)).toEqual([]);
  });

  it('stops at the limit, however many NULs were sent', () => {
    const errors = nulCharacterErrors(
      'body',
      Array.from({ length: 100_000 }, () => '\u0000'),
      20,
    );
    expect(errors).toHaveLength(20);
    expect(errors.at(-1)?.loc).toEqual(['body', 19]);
  });

  it('walks nesting of any depth without recursion', () => {
    let deep: unknown = ['\u0000'];
    for (let i = 0; i < 100_000; i++) deep = [deep];
    const [error] = nulCharacterErrors('body', deep, 20);
    expect(error?.loc).toHaveLength(100_002);
  });
});
