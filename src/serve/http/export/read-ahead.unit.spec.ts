import { describe, expect, it } from 'vitest';
import { readAhead } from './read-ahead.ts';

/** A source that records when each item is asked for and whether it was returned. */
function recordingSource(items: number, failAt?: number) {
  const asked: number[] = [];
  let returned = false;
  async function* source(): AsyncGenerator<number, void, undefined> {
    try {
      for (let i = 0; i < items; i += 1) {
        asked.push(i);
        await Promise.resolve();
        if (i === failAt) throw new Error(`item ${i} failed`);
        yield i;
      }
    } finally {
      returned = true;
    }
  }
  return { source: source(), asked, returned: () => returned };
}

describe('readAhead', () => {
  it('gives every item in order, asking for the next one as soon as one is taken', async () => {
    const { source, asked } = recordingSource(4);
    const taken: number[] = [];
    for await (const item of readAhead(source)) {
      taken.push(item);
      await Promise.resolve();
      await Promise.resolve();
      // The next item is asked for before this one is handled, never two ahead.
      expect(asked.length).toBeLessThanOrEqual(item + 2);
    }
    expect(taken).toEqual([0, 1, 2, 3]);
  });

  it('returns the source when the consumer stops early, and asks for nothing more', async () => {
    const { source, asked, returned } = recordingSource(100);
    for await (const item of readAhead(source)) if (item === 2) break;
    expect(returned()).toBe(true);
    expect(asked.length).toBeLessThanOrEqual(4);
  });

  it('passes a failure of the source on to the consumer', async () => {
    const { source } = recordingSource(10, 3);
    const taken: number[] = [];
    await expect(
      (async () => {
        for await (const item of readAhead(source)) taken.push(item);
      })(),
    ).rejects.toThrow('item 3 failed');
    expect(taken).toEqual([0, 1, 2]);
  });
});
