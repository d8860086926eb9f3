import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { contextKeyOf, type DocumentContext } from '#ingest/jobs/document-context';
import { isEarlierContext } from './earliest-context.ts';

const context = (knownAt: string | null, sourceUrl: string | null = null, attributes: Record<string, unknown> = {}): DocumentContext => ({
  knownAt,
  sourceUrl,
  attributes,
});

describe('isEarlierContext', () => {
  it('prefers the earlier stated dissemination, then any context over none', () => {
    const first = context('2023-10-27T05:12:03.000Z', 'https://x.test/a.xml');
    const again = context('2023-10-30T06:08:04.000Z', 'https://x.test/b.xml');
    expect(isEarlierContext(first, again)).toBe(true);
    expect(isEarlierContext(again, first)).toBe(false);
    expect(isEarlierContext(again, context(null, 'https://x.test/c.xml'))).toBe(true);
    expect(isEarlierContext(context(null, null, { listing: {} }), context(null))).toBe(true);
    expect(isEarlierContext(context(null), context(null))).toBe(false);
  });

  it('reads one instant written two ways as one context', () => {
    const utc = context('2024-03-07T18:30:00.000Z');
    const ist = context('2024-03-08T00:00:00+05:30');
    expect(isEarlierContext(utc, ist)).toBe(false);
    expect(isEarlierContext(ist, utc)).toBe(false);
  });

  it('is a strict total order, so the earliest of any set of copies is the same in every arrival order', () => {
    const contextArb = fc.record({
      knownAt: fc.option(fc.integer({ min: 0, max: 3 }).map((d) => new Date(Date.UTC(2023, 9, 27 + d)).toISOString())),
      sourceUrl: fc.option(fc.constantFrom('https://x.test/a.xml', 'https://x.test/b.xml')),
      attributes: fc.constantFrom({}, { listing: { isRevision: false } }, { listing: { isRevision: true } }),
    });
    fc.assert(
      fc.property(
        fc.array(contextArb, { minLength: 1, maxLength: 6 }),
        fc.array(fc.nat(), { minLength: 6, maxLength: 6 }),
        (copies, seeds) => {
          const earliest = (list: readonly DocumentContext[]) => list.reduce((held, next) => (isEarlierContext(next, held) ? next : held));
          const shuffled = copies
            .map((c, i) => [seeds[i] ?? 0, c] as const)
            .sort((a, b) => a[0] - b[0])
            .map(([, c]) => c);
          expect(earliest(shuffled)).toEqual(earliest(copies));
          for (const a of copies) expect(isEarlierContext(a, a)).toBe(false);
        },
      ),
    );
  });
});

describe('a relay’s fetch provenance', () => {
  it('is no part of a copy’s context: the same copy fetched again is the same copy', () => {
    const url = 'https://nsearchives.nseindia.com/content/historical/EQUITIES/2021/JAN/cm06JAN2021bhav.csv.zip';
    const first = context('2021-01-06T12:35:00.000Z', url, { relay: { fetched_at: '2021-01-06T12:40:00Z', etag: '"a"' } });
    const again = context('2021-01-06T12:35:00.000Z', url, { relay: { fetched_at: '2021-01-07T03:30:00Z', etag: '"b"' } });
    expect(contextKeyOf(first)).toBe(contextKeyOf(context('2021-01-06T12:35:00.000Z', url)));
    expect(contextKeyOf(first)).toBe(contextKeyOf(again));
    expect(isEarlierContext(first, again) || isEarlierContext(again, first)).toBe(false);
    // Provenance alone is no context: a copy without URL or time still ranks as one with none.
    expect(contextKeyOf(context(null, null, { relay: { http_status: 200 } }))).toBe('');
    expect(isEarlierContext(context(null, null, { relay: { http_status: 200 } }), context(null))).toBe(false);
  });
});
