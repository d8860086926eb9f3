import { describe, expect, it } from 'vitest';
import { concatAhead } from './concat-ahead.ts';

/** Sources that record which of them were started and which returned. */
function recordingSources(count: number, items: number) {
  const started = new Set<number>();
  const returned = new Set<number>();
  async function* source(s: number): AsyncGenerator<string, void, undefined> {
    try {
      started.add(s);
      for (let i = 0; i < items; i += 1) {
        await Promise.resolve();
        yield `${s}.${i}`;
      }
    } finally {
      returned.add(s);
    }
  }
  return { sources: Array.from({ length: count }, (_, s) => source(s)), started, returned };
}

describe('concatAhead', () => {
  it('gives the items of each source in turn, in order', async () => {
    const { sources } = recordingSources(4, 3);
    const taken: string[] = [];
    for await (const item of concatAhead(sources, 3)) taken.push(item);
    expect(taken).toEqual(['0.0', '0.1', '0.2', '1.0', '1.1', '1.2', '2.0', '2.1', '2.2', '3.0', '3.1', '3.2']);
  });

  it('gives every source with a window of one, starting each when the one before ends', async () => {
    const { sources } = recordingSources(3, 2);
    const taken: string[] = [];
    for await (const item of concatAhead(sources, 1)) taken.push(item);
    expect(taken).toEqual(['0.0', '0.1', '1.0', '1.1', '2.0', '2.1']);
  });

  it('starts at most `window` sources, the current one included', async () => {
    const { sources, started } = recordingSources(10, 2);
    for await (const item of concatAhead(sources, 3)) {
      if (item === '0.0') {
        await new Promise((resolve) => setTimeout(resolve, 5));
        expect([...started].sort()).toEqual([0, 1, 2]);
      }
    }
    expect(started.size).toBe(10);
  });

  it('returns every started source when the consumer stops early, and starts no more', async () => {
    const { sources, started, returned } = recordingSources(10, 5);
    for await (const item of concatAhead(sources, 2)) if (item === '1.2') break;
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect([...started].sort()).toEqual([0, 1, 2]);
    expect([...returned].sort()).toEqual([0, 1, 2]);
  });
});
