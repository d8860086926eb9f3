import { describe, expect, it } from 'vitest';
import type { CompanySearchHit, SearchHit, SecuritySearchHit } from '#schemas/read-models/search';
import { rankHits, summariseCompanies } from './rank-hits.ts';

const A = '00000000-0000-4000-8000-00000000000a';
const B = '00000000-0000-4000-8000-00000000000b';

function company(id: string, score: number, match: SearchHit['match']): CompanySearchHit {
  return {
    kind: 'company',
    score,
    match,
    title: `Company ${id.slice(-1)}`,
    company_id: id,
    name: `Company ${id.slice(-1)}`,
    nse_symbol: null,
    bse_code: null,
    isin: null,
    cin: null,
    sector: null,
    listing_status: 'listed',
  };
}

function security(companyId: string, score: number, match: SearchHit['match']): SecuritySearchHit {
  return {
    kind: 'security',
    score,
    match,
    title: 'Security',
    instrument_id: `10000000-0000-4000-8000-00000000000${companyId.slice(-1)}`,
    company_id: companyId,
    company: { id: companyId, name: null, nse_symbol: null, bse_code: null, isin: null, cin: null },
    exchange: 'NSE',
    ticker: 'X',
    isin: null,
    series: 'EQ',
    type: 'equity',
    segment: 'CM',
    status: 'listed',
  };
}

describe('rankHits', () => {
  it('puts exact hits first, then orders by score, and keeps each hit once at its best', () => {
    const ranked = rankHits([company(B, 0.9, 'similar'), company(A, 0.6, 'similar'), company(A, 1, 'exact'), security(A, 0.95, 'similar')]);
    expect(ranked.map((hit) => [hit.kind, hit.score, hit.match])).toEqual([
      ['company', 1, 'exact'],
      ['security', 0.95, 'similar'],
      ['company', 0.9, 'similar'],
    ]);
  });

  it('offers the more prominent of near matches first, and never lifts one far below', () => {
    const C = '00000000-0000-4000-8000-00000000000c';
    const hits = [
      { ...company(A, 0.649, 'similar'), name: 'Sun Pharma Advanced Research Company Limited', prominence: 0.45 },
      { ...company(B, 0.616, 'similar'), name: 'Sun Pharmaceutical Industries Limited', prominence: 0.7 },
      { ...company(C, 0.552, 'similar'), name: 'Bal Pharma Limited', prominence: 0.95 },
    ];
    expect(rankHits(hits).map((hit) => (hit.kind === 'company' ? hit.name : ''))).toEqual([
      'Sun Pharmaceutical Industries Limited',
      'Sun Pharma Advanced Research Company Limited',
      'Bal Pharma Limited',
    ]);
  });
});

describe('summariseCompanies', () => {
  it('resolves the one company of the exact hits; the rest are candidates', () => {
    const summary = summariseCompanies(rankHits([company(A, 1, 'exact'), security(A, 1, 'exact'), company(B, 0.7, 'similar')]));
    expect(summary.resolved?.id).toBe(A);
    expect(summary.candidates.map((c) => [c.company.id, c.score, c.match])).toEqual([[B, 0.7, 'similar']]);
  });

  it('never resolves a near match, however close', () => {
    const summary = summariseCompanies(rankHits([company(A, 0.99, 'similar'), security(B, 0.5, 'substring')]));
    expect(summary.resolved).toBeNull();
    expect(summary.candidates.map((c) => c.company.id)).toEqual([A, B]);
  });

  it('does not resolve when exact hits name two companies', () => {
    expect(summariseCompanies([company(A, 1, 'exact'), company(B, 1, 'exact')]).resolved).toBeNull();
  });
});
