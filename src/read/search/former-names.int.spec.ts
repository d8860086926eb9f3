import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, expect, it } from 'vitest';
import { TEST_DATABASES } from '../../../test/support/databases.ts';
import { givenIngestion } from '../../../test/support/ingestion-harness.ts';
import { projectEverything } from '../../../test/support/project-everything.ts';
import { realPath } from '../../../test/support/real-corpus.ts';
import { describeWithSharedData } from '../../../test/support/shared-data.ts';
import { type SearchResult, SearchResultSchema } from '#schemas/read-models/search';
import { inputFromBytes } from '#ingest/sources/read-inputs';
import { companyIdFromIsin } from '#ingest/shared/parser/company-lookup';
import { listCompanies } from '#projections/companies/list-companies';
import { search, type SearchParams } from './search.ts';

// The master lists, each with the date its copy was taken (its SOURCES.md), stated as an operator
// states it with --known-at:
//   ListOfScrips.csv (BSE, 2015): 532822,IDEA,IDEA CELLULAR LTD.,Active,A ,10.00,INE669E01016,...
//   2022-04/EQUITY_L.csv (NSE):   LTI,Larsen & Toubro Infotech Limited,EQ,21-JUL-2016,1,1,INE214T01019,1
//   EQUITY_L.csv (NSE, 2024):     IDEA,Vodafone Idea Limited,...,INE669E01016  and  LTIM,LTIMindtree Limited,...,INE214T01019
//   Equity.csv (BSE, 2024):       532822,VODAFONE IDEA LIMITED,IDEA,Vodafone Idea Ltd,...,INE669E01016
// Each former name reaches today's company through its ISIN's issuer (INE669E, INE214T), never by name.
// Each list is read with its header and the rows of these issuers and their near namesakes (Larsen &
// Toubro, Idea Space Solutions, Cellulose Products), lines unchanged: the whole lists add nothing here.
const MASTER_RUNS: ReadonlyArray<{ readonly paths: readonly string[]; readonly knownAt: string }> = [
  { paths: ['master/ListOfScrips.csv'], knownAt: '2015-07-13T00:00:00+05:30' },
  { paths: ['master/2022-04/EQUITY_L.csv'], knownAt: '2022-04-03T00:00:00+05:30' },
  { paths: ['master/EQUITY_L.csv', 'master/Equity.csv'], knownAt: '2024-03-08T00:00:00+05:30' },
];
const WANTED_ROW = /idea|toubro|cellul|INE669E|INE214T/i;

async function trimmedList(relative: string) {
  const [header, ...rows] = (await readFile(realPath(relative), 'utf8')).split('\n');
  const text = [header, ...rows.filter((row) => WANTED_ROW.test(row))].join('\n');
  return inputFromBytes(path.basename(relative), relative, new TextEncoder().encode(text));
}
const VODAFONE_IDEA = companyIdFromIsin('INE669E01016');
const LTIMINDTREE = companyIdFromIsin('INE214T01019');

describeWithSharedData('search: former names in the real master lists', () => {
  // One database is enough: the matching is SQL both backends share (search.int.spec.ts runs both).
  const database = TEST_DATABASES[TEST_DATABASES.length - 1];
  if (!database) throw new Error('no test database');
  const service = givenIngestion(database);
  const run = async (params: SearchParams): Promise<SearchResult> => SearchResultSchema.parse(await search(service.harness.db, params));

  beforeAll(async () => {
    for (const { paths, knownAt } of MASTER_RUNS) {
      const summary = await service.ingest(await Promise.all(paths.map(trimmedList)), { knownAt: new Date(knownAt).toISOString() });
      expect(summary).toMatchObject({ parsed: paths.length, rejected: 0, failed: 0 });
    }
    await projectEverything(service.harness);
  }, 240_000);

  it.each([
    ['Idea Cellular', ['company'] as const],
    ['IDEA CELLULAR LTD.', ['company'] as const],
    ['idea cellular limited', null],
  ])('offers Vodafone Idea for "%s", showing the former name, never choosing it', async (query, kinds) => {
    const result = await run({ query, kinds, limit: 10 });
    expect(result.resolved).toBeNull();
    expect(result.candidates[0]).toMatchObject({
      company: { id: VODAFONE_IDEA, name: 'Vodafone Idea Limited', nse_symbol: 'IDEA', isin: 'INE669E01016' },
      former_name: {
        name: 'IDEA CELLULAR LTD.',
        first_seen: '2015-07-13',
        last_seen: '2015-07-13',
        linked_by: 'isin',
        sources: [expect.objectContaining({ kind: 'bse-list', file: 'ListOfScrips.csv' })],
        note: expect.stringMatching(
          /^"IDEA CELLULAR LTD\." is a former name of Vodafone Idea Limited \(shown on 2015-07-13\), linked by .*INE669E/,
        ),
      },
    });
    expect(result.hits[0]).toMatchObject({
      kind: 'company',
      company_id: VODAFONE_IDEA,
      title: 'Vodafone Idea Limited (formerly IDEA CELLULAR LTD.)',
    });
    expect(result.hits[0]?.score).toBeLessThan(1);
  });

  it.each(['Larsen & Toubro Infotech', 'Larsen and Toubro Infotech Ltd', 'LARSEN & TOUBRO INFOTECH'])(
    'offers LTIMindtree for "%s", "&" and "and" alike, before Larsen & Toubro itself',
    async (query) => {
      const result = await run({ query, kinds: ['company'], limit: 10 });
      expect(result.resolved).toBeNull();
      expect(result.candidates[0]).toMatchObject({
        company: { id: LTIMINDTREE, name: 'LTIMindtree Limited', nse_symbol: 'LTIM' },
        // The query is in the name from a word start once "&" and "and" compare equal.
        match: 'substring',
        former_name: {
          name: 'Larsen & Toubro Infotech Limited',
          first_seen: '2022-04-03',
          last_seen: '2022-04-03',
          linked_by: 'isin',
          sources: [expect.objectContaining({ kind: 'nse-master', file: 'EQUITY_L.csv' })],
        },
      });
      expect(result.candidates.map((c) => c.company.nse_symbol)).toContain('LT');
    },
  );

  it('shows no former name when the current name matches, whatever its spelling', async () => {
    for (const query of ['Vodafone Idea', 'VODAFONE IDEA LIMITED', 'LTIMindtree']) {
      const result = await run({ query, kinds: ['company'], limit: 5 });
      expect(result.hits[0], query).toMatchObject({ kind: 'company', match: 'substring' });
      expect(result.hits[0], query).not.toHaveProperty('former_name');
      expect(result.candidates[0], query).not.toHaveProperty('former_name');
    }
  });

  it('lists the company for a former name in GET /v1/companies?q=, saying which name matched', async () => {
    const list = (q: string) => listCompanies(service.harness.db, { q, limit: 10, offset: 0 });
    expect((await list('Idea Cellular')).items.map((c) => [c.id, c.name, c.matched_former_name])).toEqual([
      [VODAFONE_IDEA, 'Vodafone Idea Limited', 'IDEA CELLULAR LTD.'],
    ]);
    expect((await list('Larsen & Toubro Infotech')).items.map((c) => [c.id, c.matched_former_name])).toEqual([
      [LTIMINDTREE, 'Larsen & Toubro Infotech Limited'],
    ]);
    // Its current name matches as well as a spelling of it (BSE's "Vodafone Idea Ltd"): no former name to show.
    for (const q of ['Vodafone Idea', 'Vodafone Idea Ltd']) {
      const { items } = await list(q);
      expect(items.map((c) => c.id)).toEqual([VODAFONE_IDEA]);
      expect(items[0]).not.toHaveProperty('matched_former_name');
    }
  });
});
