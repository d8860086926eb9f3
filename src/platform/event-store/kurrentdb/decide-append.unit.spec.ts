import { describe, expect, it } from 'vitest';
import { decideAppend } from './decide-append.ts';

const events = [{ id: 'a' }, { id: 'b' }, { id: 'c' }];
const stream = (version: number, ...ids: string[]) => ({ version, storedIds: new Set(ids) });

describe('deciding an append to a KurrentDB stream from the stream as read', () => {
  it('appends every event to a new stream, expecting no stream', () => {
    expect(decideAppend(events, stream(0), 0)).toEqual({ kind: 'append', fresh: events, expectedVersion: 0 });
  });

  it('adds nothing when every event is stored, whatever the expected version (a late re-delivery)', () => {
    expect(decideAppend(events, stream(7, 'a', 'b', 'c', 'x'), 0)).toEqual({ kind: 'nothing-new', version: 7 });
    expect(decideAppend(events, stream(7, 'a', 'b', 'c'), 'stream_exists')).toEqual({ kind: 'nothing-new', version: 7 });
  });

  it('appends only the events not stored yet, expecting the revision it read', () => {
    expect(decideAppend(events, stream(2, 'a'), 'any')).toEqual({ kind: 'append', fresh: [{ id: 'b' }, { id: 'c' }], expectedVersion: 2 });
    expect(decideAppend(events, stream(2, 'a'), 2)).toEqual({ kind: 'append', fresh: [{ id: 'b' }, { id: 'c' }], expectedVersion: 2 });
  });

  it('refuses new events when the stream is not at the version the caller expects', () => {
    expect(decideAppend(events, stream(3, 'x'), 2)).toEqual({ kind: 'conflict', actual: 3 });
    expect(decideAppend(events, stream(0), 'stream_exists')).toEqual({ kind: 'conflict', actual: 0 });
    expect(decideAppend(events, stream(1, 'x'), 0)).toEqual({ kind: 'conflict', actual: 1 });
  });
});
