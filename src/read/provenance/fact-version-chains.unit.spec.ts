import { describe, expect, it } from 'vitest';
import type { FactVersion } from '#schemas/read-models/fact';
import { factVersionChains } from './fact-version-chains.ts';

const company = {
  id: '00000000-0000-4000-8000-000000000001',
  name: 'ACC Limited',
  nse_symbol: 'ACC',
  bse_code: null,
  isin: 'INE012A01025',
  cin: null,
};

function version(overrides: Partial<FactVersion>): FactVersion {
  return {
    company,
    concept: 'Revenue',
    basis: 'consolidated',
    period: { type: 'quarterly', start: '2024-10-01', end: '2024-12-31', fiscal_year: 2025, fiscal_quarter: 3 },
    value: '52072900000',
    unit: 'INR',
    decimals: -7,
    scale: 'crore',
    filing_id: '75e47642-7bd6-516b-a74b-8b285c3526b1',
    document_type: 'financial_results',
    source_url: 'https://example.test/original.xml',
    element: 'in-bse-fin:RevenueFromOperations',
    known_at: '2025-01-28T06:20:59.000Z',
    recorded_at: '2025-02-01T00:00:00.000Z',
    revision_number: 0,
    superseded_at: null,
    previous_value: null,
    change: 'initial',
    is_revision: false,
    parser_version: 1,
    ...overrides,
  };
}

const nineMonths = { type: 'nine_months', start: '2024-04-01', end: '2024-12-31', fiscal_year: 2025, fiscal_quarter: 3 } as const;

describe('factVersionChains', () => {
  it('makes one chain per period type, each oldest first, with the changes of each version and the one in force', () => {
    const chains = factVersionChains([
      version({ period: nineMonths, value: '147974300000', superseded_at: '2025-01-31T13:15:56.000Z' }),
      version({
        period: nineMonths,
        value: '156957900000',
        known_at: '2025-01-31T13:15:56.000Z',
        change: 'restated',
        is_revision: true,
        filing_id: 'd6a86f98-bb4c-5ab0-a719-3486a53d872d',
      }),
      version({ superseded_at: '2025-01-31T13:15:56.000Z' }),
      version({
        value: '59273800000',
        known_at: '2025-01-31T13:15:56.000Z',
        change: 'restated',
        is_revision: true,
        filing_id: 'd6a86f98-bb4c-5ab0-a719-3486a53d872d',
      }),
    ]);
    expect(chains.map((chain) => [chain.period.type, chain.versions.length, chain.current.value])).toEqual([
      ['nine_months', 2, '156957900000'],
      ['quarterly', 2, '59273800000'],
    ]);
    expect(chains[1]?.versions.map((v) => v.changes)).toEqual([
      [],
      [{ field: 'value', from: '52072900000', to: '59273800000', difference: '7200900000' }],
    ]);
  });

  it('takes as current the last version of a chain, even when it shares its known_at with the one before', () => {
    // The first version's interval is empty (superseded at its own known_at): it was never in force.
    const chains = factVersionChains([
      version({ value: '1', superseded_at: '2025-01-28T06:20:59.000Z' }),
      version({ value: '2', filing_id: 'ffffffff-0000-4000-8000-000000000000', change: 'restated' }),
    ]);
    expect(chains[0]?.current).toMatchObject({ value: '2', filing_id: 'ffffffff-0000-4000-8000-000000000000' });
    expect(chains[0]?.versions[1]?.changes).toEqual([{ field: 'value', from: '1', to: '2', difference: '1' }]);
  });

  it('gives no chain for no versions', () => {
    expect(factVersionChains([])).toEqual([]);
  });
});
