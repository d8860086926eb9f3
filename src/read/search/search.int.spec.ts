import { beforeAll, expect, it } from 'vitest';
import { setTimeout as sleep } from 'node:timers/promises';
import { COMPANIES } from '#projections/companies/tables';
import { PROJECTIONS } from '#projections';
import { type SearchResult, SearchResultSchema } from '#schemas/read-models/search';
import { givenCompanyRegistered } from '../../../test/support/builders.ts';
import { describeEachDatabase } from '../../../test/support/databases.ts';
import { givenIngestion } from '../../../test/support/ingestion-harness.ts';
import { companyIdFromIsin } from '#ingest/shared/parser/company-lookup';
import { getProjectionStatus } from '#platform/projector/projection-status';
import { NEAR_SCORE } from './rank-hits.ts';
import { search, type SearchParams } from './search.ts';

const SAMPLE = new URL('../../../sample-data/', import.meta.url).pathname;
const RELIANCE = companyIdFromIsin('INE002A01018');
const TCS = companyIdFromIsin('INE467B01029');
// The sample data has no CIN or BSE code; a registered company brings both.
const LISTED = givenCompanyRegistered({
  name: 'Search Fixture Engineering Ltd',
  cin: 'L99999MH1990PLC012345',
  bseCode: '999901',
  nseSymbol: 'SRCHFIX',
  isin: 'INE999Z01015',
});

describeEachDatabase('search', (database) => {
  const service = givenIngestion(database);
  const db = () => service.harness.db;
  const run = async (params: SearchParams): Promise<SearchResult> => SearchResultSchema.parse(await search(db(), params));

  // catchUp stops at the settled events; on a server a transaction still open elsewhere
  // (the ingestion worker's) can hold later events back for a moment, so project until
  // every checkpoint has passed every event.
  async function projectEverything(): Promise<void> {
    for (let attempt = 0; attempt < 200; attempt += 1) {
      await service.harness.project();
      const statuses = await Promise.all(PROJECTIONS.map((p) => getProjectionStatus(db(), service.harness.store, p)));
      if (statuses.every((status) => status.lag === 0)) return;
      await sleep(50);
    }
    throw new Error('the projections did not catch up');
  }

  beforeAll(async () => {
    // The listings first: documents and announcements are matched to companies as they are parsed.
    for (const folders of [
      ['master/EQUITY_L.csv', 'indices'],
      ['results', 'documents', 'announcements'],
    ]) {
      const summary = await service.ingest(folders.map((folder) => SAMPLE + folder));
      expect(summary.rejections).toEqual([]);
      await projectEverything();
    }
    await service.harness.append(LISTED);
    await projectEverything();
  }, 120_000);

  it('has its indexes, set up with the read tables', async () => {
    const { rows } = await db().query<{ indexname: string }>(
      `select indexname from pg_indexes where indexname like '%\\_search\\_%' escape '\\' order by indexname`,
    );
    expect(rows.map((row) => row.indexname)).toEqual(
      expect.arrayContaining([
        'rm_companies_v4_search_name_trgm_ix',
        'rm_companies_v4_search_symbol_ix',
        'rm_company_identifiers_v4_search_name_trgm_ix',
        'rm_instruments_v4_search_name_trgm_ix',
        'rm_instruments_v4_search_ticker_ix',
        'rm_filings_v5_search_title_ix',
      ]),
    );
  });

  it.each([
    ['RELIANCE', RELIANCE],
    ['reliance', RELIANCE],
    ['NSE:RELIANCE', RELIANCE],
    ['INE002A01018', RELIANCE],
    [RELIANCE, RELIANCE],
    ['L99999MH1990PLC012345', LISTED.data.companyId],
    ['BSE:999901', LISTED.data.companyId],
    ['999901', LISTED.data.companyId],
  ])('resolves %s exactly, ranked first with score 1', async (query, companyId) => {
    const result = await run({ query, limit: 10 });
    expect(result.hits[0]).toMatchObject({ kind: 'company', match: 'exact', score: 1, company_id: companyId });
    expect(result.resolved?.id).toBe(companyId);
    expect(result.candidates.map((c) => c.company.id)).not.toContain(companyId);
  });

  it('resolves an instrument UUID to its security and company', async () => {
    const { rows } = await db().query<{ id: string }>(
      `select instrument_id::text as id from rm_instruments_v4 where exchange = 'NSE' and ticker = 'RELIANCE'`,
    );
    const result = await run({ query: rows[0]?.id ?? '', limit: 5 });
    expect(result.hits).toEqual([
      expect.objectContaining({ kind: 'security', match: 'exact', score: 1, ticker: 'RELIANCE', exchange: 'NSE' }),
    ]);
    expect(result.resolved).toMatchObject({ id: RELIANCE, nse_symbol: 'RELIANCE' });
  });

  it('gives exact security hits their identifiers', async () => {
    const result = await run({ query: 'NSE:RELIANCE', kinds: ['security'], limit: 5 });
    expect(result.hits[0]).toMatchObject({
      kind: 'security',
      match: 'exact',
      exchange: 'NSE',
      ticker: 'RELIANCE',
      isin: 'INE002A01018',
      company_id: RELIANCE,
    });
  });

  it('offers a misspelt name as candidates, and resolves nothing', async () => {
    const result = await run({ query: 'Relaince Industries', limit: 10 });
    expect(result.resolved).toBeNull();
    expect(result.hits.some((hit) => hit.match === 'exact')).toBe(false);
    expect(result.candidates[0]).toMatchObject({ company: { id: RELIANCE, nse_symbol: 'RELIANCE' }, match: 'similar' });
    expect(result.candidates[0]?.score).toBeLessThan(1);
    // The name is the master list's, whichever list was read last ("Ltd." is the index list's short name).
    expect(result.hits[0]).toMatchObject({ kind: 'company', company_id: RELIANCE, title: 'Reliance Industries Limited' });
  });

  it('offers the more prominent of near matches first: "Sun Pharma" is Sun Pharmaceutical before Sun Pharma Advanced Research', async () => {
    const result = await run({ query: 'Sun Pharma', kinds: ['company'], limit: 5 });
    expect(result.resolved).toBeNull();
    expect(result.candidates.map((c) => c.company.nse_symbol).slice(0, 2)).toEqual(['SUNPHARMA', 'SPARC']);
  });

  it('offers one HDFC Bank, a near match and never a silent pick', async () => {
    const result = await run({ query: 'HDFC Bank', kinds: ['company'], limit: 10 });
    expect(result.resolved).toBeNull();
    expect(result.candidates.filter((c) => c.company.name === 'HDFC Bank Limited').map((c) => c.company.nse_symbol)).toEqual(['HDFCBANK']);
  });

  it('finds TCS from part of its name, as a candidate', async () => {
    const result = await run({ query: 'Tata Consultancy', kinds: ['company'], limit: 5 });
    expect(result.resolved).toBeNull();
    expect(result.hits[0]).toMatchObject({ kind: 'company', company_id: TCS, nse_symbol: 'TCS', isin: 'INE467B01029', match: 'substring' });
    expect(result.candidates[0]?.company.id).toBe(TCS);
  });

  it('reads concepts through their synonyms', async () => {
    expect((await run({ query: 'net profit', kinds: ['concept'], limit: 5 })).hits).toEqual([
      expect.objectContaining({
        kind: 'concept',
        concept_id: 'ProfitAfterTax',
        match: 'synonym',
        concept_kind: 'reported',
        matched_text: 'net profit',
      }),
    ]);
    expect((await run({ query: 'top line', kinds: ['concept'], limit: 5 })).hits).toEqual([
      expect.objectContaining({ kind: 'concept', concept_id: 'Revenue', title: 'Revenue from operations' }),
    ]);
    expect((await run({ query: 'ROE', limit: 5 })).hits[0]).toMatchObject({ kind: 'concept', concept_id: 'return_on_equity' });
  });

  it('finds documents by their OCR text, with a snippet', async () => {
    const ltts = await run({ query: 'telecom engineering engagement', kinds: ['document'], limit: 5 });
    expect(ltts.hits[0]).toMatchObject({
      kind: 'document',
      match: 'fulltext',
      title: 'PressRelease (OCR text)',
      document_type: 'investor_presentation',
      company: { nse_symbol: 'LTTS' },
      known_at: '2025-07-28T04:34:57.000Z',
    });
    expect(ltts.hits[0]?.kind === 'document' && ltts.hits[0].snippet).toMatch(/\*\*Telecom\*\*/);

    const infy = await run({ query: 'restricted stock units', ticker: 'INFY', kinds: ['document'], limit: 5 });
    expect(infy.ticker_company).toMatchObject({ nse_symbol: 'INFY' });
    expect(infy.hits).toEqual([expect.objectContaining({ kind: 'document', title: 'Grant of RSUs 01082025 (OCR text)' })]);
    expect(infy.hits[0]?.kind === 'document' && infy.hits[0].snippet).toContain('**Restricted** **Stock** **Units**');
  });

  it('restricts documents to the ticker company', async () => {
    const result = await run({ query: 'restricted stock units', ticker: 'NSE:LTTS', kinds: ['document'], limit: 5 });
    // LTTS's press release names the National Stock Exchange and the United States ("united" stems as "units"
    // does): two words of three, and INFY's intimation, holding all three, is not offered.
    expect(result.hits.map((hit) => hit.kind === 'document' && [hit.company?.nse_symbol, hit.terms_matched, hit.terms])).toEqual([
      ['LTTS', 2, 3],
    ]);
    expect(result.notes).toEqual([]);
  });

  it('answers an unknown ticker with a note and no company-scoped hits, not an error', async () => {
    const result = await run({ query: 'Reliance', ticker: 'NOSUCHCO', limit: 20 });
    expect(result.ticker_company).toBeNull();
    expect(result.notes).toEqual([expect.stringContaining('"NOSUCHCO" resolves to no company')]);
    expect(result.hits.every((hit) => hit.kind === 'company' || hit.kind === 'concept')).toBe(true);
    expect(result.hits.length).toBeGreaterThan(0);
  });

  it('finds announcements by their text, and event types by name', async () => {
    const announcements = await run({ query: 'dividend', kinds: ['announcement'], limit: 3 });
    expect(announcements.hits).toHaveLength(3);
    for (const hit of announcements.hits) {
      expect(hit).toMatchObject({ kind: 'announcement', match: 'fulltext', event_type: expect.any(String) });
      expect(hit.kind === 'announcement' && hit.snippet).toMatch(/\*\*dividend\*\*/i);
    }
    const events = await run({ query: 'Board meeting', kinds: ['event'], limit: 5 });
    expect(events.hits[0]).toMatchObject({ kind: 'event', event_type: 'board_meeting', match: 'exact', count: expect.any(Number) });
  });

  it('returns only the kinds asked for', async () => {
    const securities = await run({ query: 'RELIANCE', kinds: ['security'], limit: 20 });
    expect(securities.kinds).toEqual(['security']);
    expect(securities.hits.length).toBeGreaterThan(0);
    expect(securities.hits.every((hit) => hit.kind === 'security')).toBe(true);
    expect((await run({ query: 'RELIANCE', kinds: ['concept'], limit: 20 })).hits).toEqual([]);
    const all = await run({ query: 'RELIANCE', limit: 20 });
    expect(all.kinds).toEqual(['company', 'security', 'concept', 'document', 'announcement', 'event']);
  });

  it('applies the limit to all hits together, exact first and then by score, prominence breaking near ties', async () => {
    const few = await run({ query: 'Tata', limit: 3 });
    expect(few.hits).toHaveLength(3);
    const many = await run({ query: 'Tata', limit: 100 });
    expect(many.hits.length).toBeGreaterThan(3);
    expect(many.hits.slice(0, 3)).toEqual(few.hits);
    // A hit is never above one scoring more than NEAR_SCORE better.
    many.hits.forEach((hit, i) => {
      for (const later of many.hits.slice(i + 1)) expect(later.score - hit.score).toBeLessThanOrEqual(NEAR_SCORE);
    });
  });

  it('treats SQL and LIKE syntax in the query as text', async () => {
    const before = await db().query<{ n: number }>(`select count(*)::int8 as n from ${COMPANIES}`);
    const injected = await run({ query: "%' or 1=1 --", ticker: "x' or '1'='1", limit: 100 });
    expect(injected.hits.some((hit) => hit.match === 'exact')).toBe(false);
    expect(injected.resolved).toBeNull();
    // Unescaped, "T_S" would be a LIKE pattern matching the TCS symbol, and "%" every name.
    const underscore = await run({ query: 'T_S', kinds: ['company', 'security'], limit: 100 });
    expect(underscore.hits.some((hit) => (hit.kind === 'company' ? hit.nse_symbol : hit.kind === 'security' && hit.ticker) === 'TCS')).toBe(
      false,
    );
    expect((await run({ query: '%', limit: 100 })).hits).toEqual([]);
    const after = await db().query<{ n: number }>(`select count(*)::int8 as n from ${COMPANIES}`);
    expect(after.rows).toEqual(before.rows);
  });
});
