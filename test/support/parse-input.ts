import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createCompanyLookup, type CompanyLookup } from '#ingest/shared/parser/company-lookup';
import type { ParseInput } from '#ingest/shared/parser/parser';

export const REPO_ROOT = path.resolve(import.meta.dirname, '../..');

/** A file under fixtures/, as bytes. */
export function fixture(relativePath: string): Uint8Array {
  return readFileSync(path.join(REPO_ROOT, 'fixtures', relativePath));
}

/** A ParseInput with fixed defaults; only what a test cares about needs stating. */
export function givenParseInput(bytes: Uint8Array | string, overrides: Partial<Omit<ParseInput, 'bytes'>> = {}): ParseInput {
  const data = typeof bytes === 'string' ? new TextEncoder().encode(bytes) : bytes;
  return {
    bytes: data,
    fileName: 'input.dat',
    sha256: createHash('sha256').update(data).digest('hex'),
    sourceUrl: null,
    knownAt: null,
    receivedAt: '2026-01-01T00:00:00.000Z',
    attributes: {},
    contextKey: '',
    companies: createCompanyLookup(),
    ...overrides,
  };
}

/** A lookup that knows the given NSE symbols and BSE codes. */
export function givenCompanies(known: { nse?: Record<string, string>; bse?: Record<string, string> }): CompanyLookup {
  const holdings = (scheme: 'nse' | 'bse', values: Record<string, string> = {}) =>
    Object.entries(values).map(([value, companyId]) => ({ scheme, value, companyId, from: null, to: null }));
  return createCompanyLookup([...holdings('nse', known.nse), ...holdings('bse', known.bse)]);
}
