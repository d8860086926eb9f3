import { describe, expect, it } from 'vitest';
import { actionKnownAt, fileKnownAt } from './action-known-at.ts';

describe('actionKnownAt', () => {
  const received = fileKnownAt({ knownAt: null, receivedAt: '2026-01-01T00:00:00.000Z' });

  it('bounds an action by the start (IST) of the earlier of its ex-date and record date', () => {
    expect(actionKnownAt({ exDate: '2014-11-21', recordDate: '2014-11-22' }, received)).toEqual({
      at: '2014-11-20T18:30:00.000Z',
      basis: 'implied',
    });
    expect(actionKnownAt({ exDate: null, recordDate: '2014-11-22' }, received)).toEqual({
      at: '2014-11-21T18:30:00.000Z',
      basis: 'implied',
    });
  });

  it("keeps the file's time when the action has no date or its dates come later", () => {
    expect(actionKnownAt({ exDate: null, recordDate: null }, received)).toEqual({ at: '2026-01-01T00:00:00.000Z', basis: 'received' });
    const fetched = fileKnownAt({ knownAt: null, receivedAt: '2026-07-05T00:00:00.000Z' }, '2026-07-01T15:48:06.000Z');
    expect(actionKnownAt({ exDate: '2026-07-15', recordDate: '2026-07-15' }, fetched)).toEqual({
      at: '2026-07-01T15:48:06.000Z',
      basis: 'file',
    });
  });

  it("takes the connector's time before a time the file states", () => {
    expect(
      fileKnownAt({ knownAt: '2026-06-30T00:00:00.000Z', receivedAt: '2026-07-05T00:00:00.000Z' }, '2026-07-01T15:48:06.000Z'),
    ).toEqual({
      at: '2026-06-30T00:00:00.000Z',
      basis: 'file',
    });
  });
});
