import { describe, expect, it } from 'vitest';
import { tooDeepAt } from './json-depth.ts';

describe('tooDeepAt', () => {
  it('passes a text nested exactly to the limit, and names where a deeper one first goes too deep', () => {
    expect(tooDeepAt('[[{"a":[1]}]]', 4)).toBeUndefined();
    expect(tooDeepAt('[[{"a":[[1]]}]]', 4)).toBe(8);
    expect(tooDeepAt('['.repeat(3000) + ']'.repeat(3000), 32)).toBe(32);
  });

  it('counts siblings once: depth, not the number of brackets', () => {
    expect(tooDeepAt(`[${'[1],'.repeat(10_000)}[1]]`, 2)).toBeUndefined();
    expect(tooDeepAt('{"a":{"b":1},"c":{"d":2}}', 2)).toBeUndefined();
  });

  it('ignores brackets inside strings, escaped quotes included', () => {
    expect(tooDeepAt(JSON.stringify({ text: '[[[[[[{{{{' }), 1)).toBeUndefined();
    expect(tooDeepAt(JSON.stringify(['a\\"[[[[', 'b"{{{{', '\\']), 1)).toBeUndefined();
    expect(tooDeepAt('["\\\\", [[1]]]', 2)).toBe(8);
  });

  it('reads bytes as latin1 text with offsets in bytes', () => {
    const bytes = Buffer.from(JSON.stringify(['₹😀', [['x']]]));
    expect(tooDeepAt(bytes.toString('latin1'), 2)).toBe(bytes.indexOf('[[') + 1);
  });

  it('does not throw on text that is not JSON; the parser judges that', () => {
    expect(tooDeepAt(']]]][[', 2)).toBeUndefined();
    expect(tooDeepAt('"unterminated [[[[', 1)).toBeUndefined();
  });
});
