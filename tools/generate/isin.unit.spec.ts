import { describe, expect, it } from 'vitest';
import { isinKind, issuerCodeOf, readIsin } from '#domain/identity/isin';
import { isinCheckDigit, ISSUER_CODES, syntheticEquityIsin } from './isin.ts';

describe('syntheticEquityIsin', () => {
  it('computes the check digit real ISINs carry', () => {
    expect(isinCheckDigit('INE002A0101')).toBe(8); // Reliance, INE002A01018
    expect(isinCheckDigit('INE012A0102')).toBe(5); // ACC, INE012A01025
  });

  it('gives valid company-equity ISINs in the Z issuer space, unique across the whole space', () => {
    const seen = new Set<string>();
    for (let issuer = 0; issuer < ISSUER_CODES; issuer += 7) {
      const isin = syntheticEquityIsin(issuer);
      expect(readIsin(isin)).toBe(isin);
      expect(isinKind(isin)).toBe('company-equity');
      expect(issuerCodeOf(isin)).toMatch(/^Z[0-9A-Z]{3}$/);
      seen.add(isin);
    }
    expect(seen.size).toBe(Math.ceil(ISSUER_CODES / 7));
  });
});
