import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { PROJECTIONS } from '#projections';
import { listFacts, listFactVersions } from '#projections/facts/queries';
import { FACT_FILINGS } from '#projections/facts/tables';
import { deterministicEventId } from '#platform/event-id';
import { parserRegistry } from '#ingest/formats/all-parsers/all-parsers';
import { ingestInputs, reparseStored } from '#ingest/pipeline/ingest-inputs';
import { nseResultsXbrlParser } from '#ingest/formats/nse-results-xbrl/parser';
import { outdatedDocuments } from '#ingest/pipeline/outdated-documents';
import type { Parser } from '#ingest/shared/parser/parser';
import { createParserRegistry, type ParserRegistry } from '#ingest/formats/parser-registry/parser-registry';
import { listRawDocuments } from '#ingest/pipeline/raw-documents';
import { readInputs } from '#ingest/sources/read-inputs';
import { catchUp } from '#platform/projector/catch-up';
import { contextProvidersFor } from '#runtime/context-providers';
import { startIngestion } from '#runtime/ingestion';
import { describeEachDatabase } from '../support/databases.ts';
import { REPO_ROOT } from '../support/parse-input.ts';
import { type Harness, openHarness } from '../support/service-harness.ts';

// ACC's Q3 FY25 consolidated results as first filed (28 Jan 2025): revenue from operations
// 52072900000, read from the XBRL by the installed parser.
const ACC_Q3_FY25 = path.join(REPO_ROOT, 'sample-data/results/xbrl/acc/28Jan2025_1150_INDAS_117817_1362652_28012025115046.xml');
// Its NSE results listing: the company's identity and the filing's dissemination time.
const ACC_LISTING = path.join(REPO_ROOT, 'sample-data/results/index/acc.json');
const PARSED_REVENUE = '52072900000';
const REPARSED_REVENUE = '52072900001';

/**
 * The installed XBRL parser with its version bumped and one value read differently: what an
 * upgrade that changes a reading looks like to the store (new events for the same filing).
 */
const newerXbrlParser: Parser = {
  ...nseResultsXbrlParser,
  version: nseResultsXbrlParser.version + 1,
  parse(input) {
    const outcome = nseResultsXbrlParser.parse(input);
    if (!outcome.ok) return outcome;
    const version = nseResultsXbrlParser.version + 1;
    const events = outcome.events.map((event) => {
      if (event.type !== 'FinancialsReported') return event;
      const { data } = event;
      const facts = data.facts.map((fact) =>
        fact.concept === 'Revenue' && fact.basis === 'consolidated' && fact.period.type === 'quarterly'
          ? { ...fact, value: REPARSED_REVENUE }
          : fact,
      );
      return {
        ...event,
        id: deterministicEventId(input.sha256, `reparse-test:v${version}:${data.filingId}`),
        data: { ...data, parserVersion: version, facts },
      };
    });
    return { ...outcome, events };
  },
};

describeEachDatabase('recorded_as_of through a real re-parse by a newer parser version', (database) => {
  let harness: Harness;
  beforeAll(async () => {
    harness = await openHarness(database);
    await catchUp(harness.db, harness.store, PROJECTIONS);
  });
  afterAll(() => harness.close());

  async function withParsers(
    parsers: ParserRegistry,
    work: (deps: Awaited<ReturnType<typeof startIngestion>>['deps']) => Promise<unknown>,
  ) {
    const ingestion = await startIngestion(harness.db, harness.store, parsers, {
      contextProviders: contextProvidersFor(harness.db),
      onError: () => undefined,
    });
    await ingestion.startWorker();
    try {
      await work(ingestion.deps);
    } finally {
      await ingestion.stop();
    }
    await harness.project();
  }

  const recordedAtOf = async (parserVersion: number) => {
    const { rows } = await harness.db.query<{ recorded_at: Date }>(
      `select recorded_at from es_events where event_type = 'FinancialsReported' and (data->>'parserVersion')::int = $1`,
      [parserVersion],
    );
    return (rows[0]?.recorded_at as Date).toISOString();
  };

  it("returns the earlier parse's values for recorded_as_of before the re-parse, and the new ones after", async () => {
    await withParsers(parserRegistry, async (deps) =>
      ingestInputs(deps, (await readInputs([ACC_LISTING, ACC_Q3_FY25])).files, { pollMs: 25 }),
    );
    const { rows } = await harness.db.query<{ company_id: string }>(`select company_id::text as company_id from ${FACT_FILINGS}`);
    const companyId = rows[0]?.company_id as string;
    const revenue = async (recordedAsOf?: string) =>
      (
        await listFacts(harness.db, {
          companyId,
          concepts: ['Revenue'],
          basis: 'consolidated',
          period: 'quarterly',
          recordedAsOf,
          limit: 1,
        })
      )[0];
    expect((await revenue())?.value).toBe(PARSED_REVENUE);
    await new Promise((resolve) => setTimeout(resolve, 15));

    const upgraded = createParserRegistry(
      parserRegistry.parsers.map((parser) => (parser.format === newerXbrlParser.format ? newerXbrlParser : parser)),
    );
    const outdated = await outdatedDocuments(harness.db, upgraded);
    expect(outdated).toHaveLength(1);
    await withParsers(upgraded, async (deps) =>
      reparseStored(deps, await listRawDocuments(harness.db, { documentIds: outdated }), { pollMs: 25 }),
    );

    const first = await recordedAtOf(nseResultsXbrlParser.version);
    const second = await recordedAtOf(newerXbrlParser.version);
    expect(second > first).toBe(true);
    expect(await revenue()).toMatchObject({ value: REPARSED_REVENUE, recorded_at: second });
    expect(await revenue(new Date(Date.parse(second) - 1).toISOString())).toMatchObject({ value: PARSED_REVENUE, recorded_at: first });
    expect(await revenue(first)).toMatchObject({ value: PARSED_REVENUE });
    expect(await revenue(second)).toMatchObject({ value: REPARSED_REVENUE });
    expect(await revenue(new Date(Date.parse(first) - 1).toISOString())).toBeUndefined();

    const chain = async (recordedAsOf?: string) =>
      (
        await listFactVersions(harness.db, {
          companyId,
          concept: 'Revenue',
          basis: 'consolidated',
          periodEnd: '2024-12-31',
          periodType: 'quarterly',
          recordedAsOf,
        })
      ).map((v) => [v.value, v.parser_version]);
    expect(await chain(first)).toEqual([[PARSED_REVENUE, nseResultsXbrlParser.version]]);
    expect(await chain()).toEqual([[REPARSED_REVENUE, newerXbrlParser.version]]);
  });
});
