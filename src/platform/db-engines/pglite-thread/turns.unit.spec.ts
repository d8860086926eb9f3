import { describe, expect, it } from 'vitest';
import { createTurns, type Lane } from './turns.ts';

describe('turns on the one connection', () => {
  it('gives a free connection at once, and the next turn only when it is given back', async () => {
    const turns = createTurns();
    const first = await turns.take('background');
    let second = false;
    const waiting = turns.take('background').then((done) => {
      second = true;
      return done;
    });
    await new Promise((resolve) => setImmediate(resolve));
    expect(second).toBe(false);
    first();
    (await waiting)();
    expect(second).toBe(true);
  });

  it('lets a waiting read go before ingestion queued earlier', async () => {
    const turns = createTurns();
    const holding = await turns.take('background');
    const order: string[] = [];
    const queue = (lane: Lane, name: string) =>
      turns.take(lane).then((done) => {
        order.push(name);
        done();
      });
    const all = [queue('background', 'ingest 1'), queue('background', 'ingest 2'), queue('foreground', 'read')];
    holding();
    await Promise.all(all);
    expect(order).toEqual(['read', 'ingest 1', 'ingest 2']);
  });

  it('lets ingestion through after a run of reads, so a stream of reads cannot stall it', async () => {
    const turns = createTurns();
    const holding = await turns.take('foreground');
    const order: string[] = [];
    const queue = (lane: Lane, name: string) =>
      turns.take(lane).then((done) => {
        order.push(name);
        done();
      });
    const all = [queue('background', 'ingest'), ...Array.from({ length: 20 }, (_, n) => queue('foreground', `read ${n}`))];
    holding();
    await Promise.all(all);
    expect(order.indexOf('ingest')).toBe(16);
  });

  it('ignores a turn given back twice', async () => {
    const turns = createTurns();
    const done = await turns.take('foreground');
    const next = turns.take('background');
    done();
    done();
    const second = await next;
    let third = false;
    void turns.take('background').then(() => (third = true));
    await new Promise((resolve) => setImmediate(resolve));
    expect(third).toBe(false);
    second();
  });
});
