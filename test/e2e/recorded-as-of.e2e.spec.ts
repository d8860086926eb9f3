import { randomUUID } from 'node:crypto';
import { beforeAll, expect, it } from 'vitest';
import { FactVersionsResponseSchema } from '#schemas/api/fact-versions';
import { FinancialsResponseSchema } from '#schemas/api/financials';
import type { DomainEvent } from '#schemas/events/catalogue';
import type { FinancialsReported } from '#schemas/events/financials';
import type { EventMetadata } from '#schemas/events/metadata';
import { GetFactProvenanceOutputSchema } from '#schemas/mcp/get-fact-provenance';
import { GetFinancialsOutputSchema } from '#schemas/mcp/get-financials';
import type { NewEvent } from '#platform/event-store/event-store';
import { errorKeys } from '../support/api-harness.ts';
import { describeEachDatabase } from '../support/databases.ts';
import { givenMcp, textOf } from '../support/mcp-harness.ts';

// ACC's Q3 FY25 consolidated results as first filed (28 Jan 2025), revised on 31 Jan 2025;
// profit for the quarter 10917900000 in both. The test re-parses the first filing with a
// newer parser version that reads the profit as 10917900001.
const ORIGINAL_URL = 'https://nsearchives.nseindia.com/corporate/xbrl/INDAS_117817_1362652_28012025115046.xml';
const PARSED = '10917900000';
const REPARSED = '10917900001';
const PROFIT = '/v1/financials?ticker=ACC&concept=ProfitAfterTax&period=quarterly&basis=consolidated&limit=1';
const PROFIT_VERSIONS = '/v1/financials/versions?ticker=ACC&concept=ProfitAfterTax&period_end=2024-12-31&period_type=quarterly';
const isQuarterProfit = (fact: FinancialsReported['facts'][number]) =>
  fact.concept === 'ProfitAfterTax' &&
  fact.basis === 'consolidated' &&
  fact.period.type === 'quarterly' &&
  fact.period.end === '2024-12-31';

describeEachDatabase('recorded_as_of across a re-parse, over REST and MCP', (database) => {
  const mcp = givenMcp(database);
  const api = () => mcp.api;
  /** The last instant before the re-parse was recorded, and the parser versions. */
  const record = { beforeReparse: '', parserVersion: 0 };

  beforeAll(async () => {
    const { db } = api().service.harness;
    const { rows } = await db.query<{ data: FinancialsReported; metadata: EventMetadata & { recordedAt?: string } }>(
      `select data, metadata from es_events where event_type = 'FinancialsReported' and metadata->>'sourceUrl' = $1`,
      [ORIGINAL_URL],
    );
    const original = rows[0];
    if (!original) throw new Error('the sample lacks ACC Q3 FY25');
    const { knownAt, source, sourceUrl, sourceFile, sourceSha256 } = original.metadata;
    const reparse: NewEvent<DomainEvent> = {
      id: randomUUID(),
      type: 'FinancialsReported',
      data: {
        ...original.data,
        parserVersion: original.data.parserVersion + 1,
        facts: original.data.facts.map((fact) => (isQuarterProfit(fact) ? { ...fact, value: REPARSED } : fact)),
      },
      metadata: { knownAt, source, sourceUrl, sourceFile, sourceSha256 },
    };
    await new Promise((resolve) => setTimeout(resolve, 15));
    await api().service.harness.append(reparse);
    await api().service.harness.project();
    const recorded = await db.query<{ recorded_at: Date }>('select recorded_at from es_events where event_id = $1', [reparse.id]);
    record.beforeReparse = new Date((recorded.rows[0]?.recorded_at as Date).getTime() - 1).toISOString();
    record.parserVersion = original.data.parserVersion;
  });

  it("GET /v1/financials: recorded_as_of before the re-parse returns the earlier parse's value", async () => {
    const get = async (query: string) => FinancialsResponseSchema.parse((await api().get(`${PROFIT}&as_of=2025-01-29${query}`)).json());
    expect((await get('')).data[0]).toMatchObject({ value: REPARSED });
    const earlier = await get(`&recorded_as_of=${record.beforeReparse}`);
    expect(earlier.data[0]).toMatchObject({ value: PARSED, source_url: ORIGINAL_URL });
    expect(earlier.meta.recorded_as_of).toBe(record.beforeReparse);
  });

  it('GET /v1/financials/versions gives the chain as recorded then and now, with parser versions', async () => {
    const chainAt = async (query: string) => {
      const body = FactVersionsResponseSchema.parse((await api().get(`${PROFIT_VERSIONS}${query}`)).json());
      return body.data[0]?.versions.map((v) => [v.value, v.change, v.parser_version, v.is_revision]);
    };
    expect(await chainAt(`&recorded_as_of=${record.beforeReparse}`)).toEqual([
      [PARSED, 'initial', record.parserVersion, false],
      [PARSED, 'unchanged', record.parserVersion, true],
    ]);
    expect(await chainAt('')).toEqual([
      [REPARSED, 'initial', record.parserVersion + 1, false],
      [PARSED, 'restated', record.parserVersion, true],
    ]);
  });

  it('get_fact_provenance gives the same chains as the REST route, recorded_as_of included', async () => {
    for (const recorded of [undefined, record.beforeReparse]) {
      const rest = FactVersionsResponseSchema.parse(
        (await api().get(`${PROFIT_VERSIONS}${recorded ? `&recorded_as_of=${recorded}` : ''}`)).json(),
      );
      const args = {
        company: 'ACC',
        concept: 'ProfitAfterTax',
        period_end: '2024-12-31',
        period_type: 'quarterly',
        ...(recorded ? { recorded_as_of: recorded } : {}),
      };
      const result = await mcp.call('get_fact_provenance', args);
      expect(result.isError, textOf(result)).toBeFalsy();
      const tool = GetFactProvenanceOutputSchema.parse(result.structuredContent);
      expect(tool.recorded_as_of).toBe(recorded ?? null);
      expect(tool.chains.map((chain) => chain.versions)).toEqual(rest.data.map((chain) => chain.versions));
      expect(textOf(result)).toMatch(new RegExp(`recorded .* \\(parser ${record.parserVersion}\\)`));
    }
  });

  it('get_financials takes recorded_as_of for facts and metrics', async () => {
    const args = {
      company: 'ACC',
      concepts: ['ProfitAfterTax'],
      fiscal_year: 2025,
      fiscal_quarter: 3,
      period: 'quarterly',
      basis: 'consolidated',
      as_of: '2025-01-29',
    };
    const now = GetFinancialsOutputSchema.parse((await mcp.call('get_financials', args)).structuredContent);
    expect(now).toMatchObject({ recorded_as_of: null, facts: [{ value: REPARSED }] });
    const result = await mcp.call('get_financials', { ...args, recorded_as_of: record.beforeReparse });
    const earlier = GetFinancialsOutputSchema.parse(result.structuredContent);
    expect(earlier).toMatchObject({ recorded_as_of: record.beforeReparse, facts: [{ value: PARSED }] });
    expect(textOf(result)).toMatch(/as this service had recorded them at/);
    const unrecorded = GetFinancialsOutputSchema.parse(
      (await mcp.call('get_financials', { ...args, recorded_as_of: '2000-01-01' })).structuredContent,
    );
    expect(unrecorded.facts).toEqual([]);
  });

  it('refuses year 0, which the database cannot hold, with a 422', async () => {
    expect(errorKeys(await api().get(`${PROFIT}&recorded_as_of=0000-01-01`))).toEqual(['query.recorded_as_of:datetime_from_date_parsing']);
    expect(errorKeys(await api().get(`${PROFIT}&as_of=0000-06-01T00:00:00Z`))).toEqual(['query.as_of:datetime_from_date_parsing']);
    expect(errorKeys(await api().get('/v1/financials/versions?ticker=ACC&concept=Revenue&period_end=0000-12-31'))).toEqual([
      'query.period_end:date_from_datetime_parsing',
    ]);
    const tool = await mcp.call('get_financials', { company: 'ACC', recorded_as_of: '0000-01-01' });
    expect(tool.isError).toBe(true);
    expect(textOf(tool)).toMatch(/year 0/);
  });
});
