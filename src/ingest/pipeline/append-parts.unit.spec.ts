import { describe, expect, it } from 'vitest';
import type { PreparedEvent } from '#platform/event-store/append-to-stream';
import { appendParts } from './append-parts.ts';

const event = (id: string, size: number): PreparedEvent => ({
  id,
  type: 'T',
  schemaVersion: 1,
  data: 'x'.repeat(size - 2),
  metadata: '{}',
  knownAt: '2025-01-01T00:00:00.000Z',
});

const ids = (parts: ReturnType<typeof appendParts>) => parts.map((part) => part.map((a) => [a.streamId, a.events.map((e) => e.id)]));

describe('appendParts', () => {
  it('keeps what fits the budget in one part', () => {
    const appends = [
      { streamId: 'a', events: [event('a1', 10), event('a2', 10)] },
      { streamId: 'b', events: [event('b1', 10)] },
    ];
    expect(ids(appendParts(appends, 30))).toEqual([
      [
        ['a', ['a1', 'a2']],
        ['b', ['b1']],
      ],
    ]);
  });

  it('cuts streams where the budget falls, keeping every event once and in order', () => {
    const appends = [
      { streamId: 'a', events: [event('a1', 10), event('a2', 10), event('a3', 10)] },
      { streamId: 'b', events: [event('b1', 10), event('b2', 10)] },
    ];
    const parts = appendParts(appends, 20);
    expect(ids(parts)).toEqual([
      [['a', ['a1', 'a2']]],
      [
        ['a', ['a3']],
        ['b', ['b1']],
      ],
      [['b', ['b2']]],
    ]);
    for (const part of parts)
      expect(part.flatMap((a) => a.events).reduce((n, e) => n + e.data.length + e.metadata.length, 0)).toBeLessThanOrEqual(20);
  });

  it('gives an event larger than the budget a part of its own', () => {
    const appends = [{ streamId: 'a', events: [event('a1', 5), event('big', 50), event('a3', 5)] }];
    expect(ids(appendParts(appends, 20))).toEqual([[['a', ['a1']]], [['a', ['big']]], [['a', ['a3']]]]);
  });

  it('makes no part of nothing', () => {
    expect(appendParts([], 20)).toEqual([]);
    expect(appendParts([{ streamId: 'a', events: [] }], 20)).toEqual([]);
  });
});
