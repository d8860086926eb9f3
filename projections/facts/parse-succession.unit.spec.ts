import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { givenFinancialsReported } from '../../test/support/builders.ts';
import type { FinancialsEvent } from './fact-filings.ts';
import { type HeldParse, parseChains, replacementsOf } from './parse-succession.ts';

const companyId = randomUUID();

function parse(filingId: string, parserVersion: number, recordedAt: string): FinancialsEvent {
  const event = givenFinancialsReported({ companyId, filingId, parserVersion, knownAt: '2024-01-01T00:00:00.000Z', facts: [] });
  return {
    ...event,
    streamId: `filing-${filingId}`,
    streamVersion: parserVersion,
    position: 0,
    schemaVersion: 1,
    metadata: { ...event.metadata, recordedAt },
  } as FinancialsEvent;
}

const held = (event: FinancialsEvent): HeldParse => ({
  filing_id: event.data.filingId,
  company_id: companyId,
  parser_version: event.data.parserVersion,
  event_id: event.id,
});

describe('parse succession', () => {
  const a = randomUUID();
  const b = randomUUID();

  it('chains the parses of each filing that replace one another, leaving out older parsers', () => {
    const [a1, b1, a3, a2, b2] = [parse(a, 1, 't1'), parse(b, 1, 't1'), parse(a, 3, 't2'), parse(a, 2, 't3'), parse(b, 2, 't3')];
    const chains = parseChains([a1, b1, a3, a2, b2]);
    expect(chains.get(a)).toEqual([a1, a3]);
    expect(chains.get(b)).toEqual([b1, b2]);
  });

  it("replaces the held parse and the batch's earlier parses at the earliest recorded_at after each", () => {
    const stored = parse(a, 1, '2024-01-01T00:00:00.000Z');
    const [a2, a3] = [parse(a, 2, '2024-03-01T00:00:00.000Z'), parse(a, 3, '2024-02-01T00:00:00.000Z')];
    const { held: replaced, withinBatch } = replacementsOf(parseChains([a2, a3]), new Map([[a, held(stored)]]), [a]);
    // a3 carries an earlier recorded_at than a2 (its transaction began first): from then on
    // a3 is the record, so a2 is never in force and the stored parse ends at a3's time.
    expect(replaced).toEqual([{ ...held(stored), replacedAt: '2024-02-01T00:00:00.000Z' }]);
    expect(withinBatch).toEqual([{ event: a2, replacedAt: '2024-02-01T00:00:00.000Z' }]);
  });

  it('keeps parses the held one outranks out of the record', () => {
    const stored = parse(a, 2, '2024-01-01T00:00:00.000Z');
    const [a1, a3] = [parse(a, 1, '2024-02-01T00:00:00.000Z'), parse(a, 3, '2024-03-01T00:00:00.000Z')];
    const { held: replaced, withinBatch } = replacementsOf(parseChains([a1, a3]), new Map([[a, held(stored)]]), [a]);
    expect(replaced).toEqual([{ ...held(stored), replacedAt: '2024-03-01T00:00:00.000Z' }]);
    expect(withinBatch).toEqual([]);
  });

  it('replaces nothing for a new filing parsed once', () => {
    expect(replacementsOf(parseChains([parse(b, 1, 't1')]), new Map(), [b])).toEqual({ held: [], withinBatch: [] });
  });
});
