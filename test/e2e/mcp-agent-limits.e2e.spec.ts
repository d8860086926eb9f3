import { beforeAll, describe, expect, it } from 'vitest';
import { listMetricCatalogue } from '#read/metrics/metric-catalogue';
import { MCP_TOOL_NAMES, type McpToolName } from '#schemas/mcp/common';
import { GetHistoricalPricesOutputSchema } from '#schemas/mcp/get-historical-prices';
import { GetShareholdingOutputSchema } from '#schemas/mcp/get-shareholding';
import { describeEachDatabase } from '../support/databases.ts';
import { ERAS, givenMcp, textOf } from '../support/mcp-harness.ts';

/** What an agent session pays for the tool list, and for one call (docs/mcp.md). */
const TOOL_LIST_BYTES = 60_000;
const RESULT_BYTES = 25_000;

const bytes = (value: unknown): number => Buffer.byteLength(JSON.stringify(value), 'utf8');

type Schema = { [keyword: string]: unknown };
const isSchema = (value: unknown): value is Schema => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Every subschema under `schema`, with its path, and every place a boolean stands for a schema. */
function subschemas(schema: unknown, path: string, found: { path: string; node: unknown }[] = []): { path: string; node: unknown }[] {
  found.push({ path, node: schema });
  if (!isSchema(schema)) return found;
  for (const keyword of ['items', 'additionalProperties', 'not', 'contains', 'propertyNames']) {
    // additionalProperties: false is the one boolean every client reads.
    if (keyword === 'additionalProperties' && typeof schema[keyword] === 'boolean') continue;
    if (keyword in schema) subschemas(schema[keyword], `${path}.${keyword}`, found);
  }
  for (const keyword of ['anyOf', 'oneOf', 'allOf', 'prefixItems']) {
    const list = schema[keyword];
    if (Array.isArray(list)) list.forEach((child, i) => subschemas(child, `${path}.${keyword}[${i}]`, found));
  }
  for (const keyword of ['properties', '$defs', 'patternProperties']) {
    const record = schema[keyword];
    if (isSchema(record)) for (const [key, child] of Object.entries(record)) subschemas(child, `${path}.${keyword}.${key}`, found);
  }
  return found;
}

/**
 * What the MCP Inspector's schema-portability lint and stricter clients object to: a type
 * array, a boolean or untyped schema, an array without items, a $ref (clients that translate
 * schemas into other dialects often cannot follow one), a pattern beside a format.
 */
function portabilityProblems(schema: unknown, path: string): string[] {
  const problems: string[] = [];
  for (const { path: at, node } of subschemas(schema, path)) {
    if (!isSchema(node)) {
      problems.push(`${at}: a boolean schema`);
      continue;
    }
    if (Array.isArray(node.type)) problems.push(`${at}: type array ${JSON.stringify(node.type)}`);
    if (!['type', 'anyOf', 'oneOf', 'allOf', 'enum', 'const'].some((keyword) => keyword in node)) problems.push(`${at}: untyped`);
    if (node.type === 'array' && !('items' in node)) problems.push(`${at}: an array without items`);
    if ('$ref' in node) problems.push(`${at}: a $ref`);
    if ('pattern' in node && 'format' in node) problems.push(`${at}: a pattern beside a format`);
  }
  return problems;
}

/** Each tool at its largest page on the sample (the most a call can ask for), and at its defaults. */
const LARGEST: Record<McpToolName, Record<string, unknown>[]> = {
  search: [{ query: 'limited', limit: 100 }, { query: 'limited' }],
  get_company: [{ company: 'RELIANCE' }, { company: 'HDFCBANK' }],
  get_quote: [{ ticker: 'RELIANCE' }],
  get_historical_prices: [{ ticker: 'RELIANCE', interval: '1d', limit: 1000 }, { ticker: 'RELIANCE' }],
  get_financials: [
    { company: 'ACC', limit: 200 },
    { company: 'ACC', concepts: ['net_margin', 'return_on_equity', 'Revenue_growth'] },
  ],
  get_financial_history: [{ company: 'ACC', measure: 'net_margin', period: 'quarterly', limit: 120 }],
  list_screen_metrics: [{ limit: 200 }, {}],
  screen_companies: [
    { filters: [{ metric: 'promoter_pct', operator: '>=', value: 0 }], limit: 100 },
    { cross_section: { concept: 'Revenue', fiscal_year: 2025, fiscal_quarter: 3 }, limit: 100 },
    { cross_section: { concept: 'Revenue', calendar_quarter: '2024Q4' } },
  ],
  get_shareholding: [{ company: 'HCLTECH', holders: true, limit: 20 }],
  get_corporate_actions: [{ limit: 100 }, {}],
  list_event_types: [{}],
  get_events: [{ limit: 50 }, {}],
  search_filings: [{ query: 'share', limit: 50 }],
  get_filing: [],
  get_earnings: [
    { company: 'INFY', fiscal_year: 2024, limit: 200 },
    { company: 'ACC', fiscal_year: 2025, fiscal_quarter: 3 },
  ],
  get_fact_provenance: [{ company: 'ACC', concept: 'Revenue', period_end: '2024-12-31', period_type: 'quarterly' }],
  query: [{ query: 'Which companies have net margin above 10%?', limit: 50 }, { query: 'What did Infosys say about results?' }],
  list_datasets: [{}],
};

describeEachDatabase('MCP for agents: the tool list and every result stay small, and paging reaches every row', (database) => {
  const mcp = givenMcp(database);
  let filingId = '';
  beforeAll(async () => {
    const found = await mcp.call('search_filings', { query: 'results', limit: 1 });
    filingId = (found.structuredContent as { results: { id: string }[] }).results[0]?.id ?? '';
  });

  describe.each(ERAS)('tools/list to a %s client', (era) => {
    it(`is under ${TOOL_LIST_BYTES} bytes, with portable schemas and capabilities the stateless server keeps`, async () => {
      const client = await mcp.connect({ era });
      const listed = await client.listTools();
      expect(listed.tools.map((tool) => tool.name)).toEqual([...MCP_TOOL_NAMES]);
      expect(bytes(listed)).toBeLessThan(TOOL_LIST_BYTES);
      const problems = listed.tools.flatMap((tool) => [
        ...portabilityProblems(tool.inputSchema, `${tool.name}.inputSchema`),
        ...portabilityProblems(tool.outputSchema, `${tool.name}.outputSchema`),
      ]);
      expect(problems).toEqual([]);
      expect(JSON.stringify(listed)).not.toMatch(/"type":\[/);
      for (const tool of listed.tools) {
        expect(tool.inputSchema.type, tool.name).toBe('object');
        // No description is repeated inside an output schema: its fields are named and typed.
        expect(JSON.stringify(tool.outputSchema), tool.name).not.toContain('"description"');
      }
      // No session and no listen stream (GET is 405): no list_changed notification can come.
      expect(client.getServerCapabilities()?.tools?.listChanged).not.toBe(true);
    });
  });

  it(`keeps every tool's largest page and its defaults under ${RESULT_BYTES} bytes, with the text beside it; a default page is not cut`, async () => {
    const client = await mcp.connect();
    const calls = Object.entries({ ...LARGEST, get_filing: [{ filing_id: filingId, text_length: 40_000 }, { filing_id: filingId }] });
    for (const [name, argsList] of calls) {
      for (const args of argsList) {
        const result = await client.callTool({ name, arguments: args });
        const label = `${name} ${JSON.stringify(args)}`;
        expect(result.isError, `${label}: ${textOf(result)}`).toBeFalsy();
        expect(bytes(result), label).toBeLessThan(RESULT_BYTES);
        expect(textOf(result).length, label).toBeGreaterThan(20);
        // A default page fits whole; only a limit larger than a result holds is cut (and paged).
        // get_financials' metrics have no limit: they fill half a result and page on by metrics_offset.
        const { metrics_page: metricsPage, ...items } = (result.structuredContent ?? {}) as Record<string, unknown>;
        if (!('limit' in args) && name !== 'query') expect(JSON.stringify(items), label).not.toContain('"truncated":true');
        if (metricsPage) expect(metricsPage, label).not.toMatchObject({ truncated: true, next_offset: null });
      }
    }
  });

  it('pages historical prices to the end of a long range: the pages together are the REST route’s candles', async () => {
    const all = await mcp.api.get('/v1/prices?ticker=RELIANCE&interval=1d&limit=5000');
    const rows = all.json<{ data: { start: string }[] }>().data;
    expect(rows.length).toBeGreaterThan(150);
    const start = rows[0]?.start ?? '';
    const end = rows[149]?.start ?? '';
    const rest = await mcp.api.get(`/v1/prices?ticker=RELIANCE&interval=1d&limit=5000&start=${start}&end=${end}`);
    const expected = rest.json<{ data: { start: string; close: string; volume: string | null; known_at: string }[] }>().data;
    expect(expected).toHaveLength(150);

    const candles: { start: string; close: string; volume: string | null; known_at: string }[] = [];
    let pages = 0;
    for (let next: string | null = start; next !== null; pages++) {
      const result = await mcp.call('get_historical_prices', { ticker: 'RELIANCE', interval: '1d', start: next, end, limit: 1000 });
      expect(bytes(result)).toBeLessThan(RESULT_BYTES);
      const page = GetHistoricalPricesOutputSchema.parse(result.structuredContent);
      // The budget cut the page: it says so, in the data and in the text, and where to go on.
      if (page.page.returned < 1000 && page.page.next_start !== null) {
        expect(page.page.truncated).toBe(true);
        expect(textOf(result)).toMatch(
          new RegExp(`only ${page.page.returned} of the 1000 asked for fit in one result.*Next page: start ${page.page.next_start}`),
        );
      }
      // Every close the text quotes is a close of the page.
      for (const [, close] of textOf(result).matchAll(/ C (\d+(?:\.\d+)?)/g)) expect(page.candles.map((c) => c.close)).toContain(close);
      candles.push(...page.candles);
      next = page.page.next_start;
    }
    expect(pages).toBeGreaterThan(1);
    const pick = (c: { start: string; close: string; volume: string | null; known_at: string }) => [c.start, c.close, c.volume, c.known_at];
    expect(candles.map(pick)).toEqual(expected.map(pick));
  });

  it('pages events, filings search and facts to their last row, each row once', async () => {
    const walk = async (
      name: string,
      args: Record<string, unknown>,
      items: string,
      cursor: (sc: Record<string, unknown>) => number | null,
      offsetName = 'offset',
    ) => {
      const seen: unknown[] = [];
      for (let offset: number | null = 0; offset !== null;) {
        const result = await mcp.call(name, { ...args, [offsetName]: offset });
        expect(result.isError, textOf(result)).toBeFalsy();
        expect(bytes(result)).toBeLessThan(RESULT_BYTES);
        const content = result.structuredContent as Record<string, unknown>;
        seen.push(...(content[items] as unknown[]));
        offset = cursor(content);
      }
      return seen;
    };
    const pageCursor = (sc: Record<string, unknown>) => (sc.page as { next_offset: number | null }).next_offset;
    const events = await walk('get_events', { limit: 50 }, 'events', pageCursor);
    const firstEvents = (await mcp.call('get_events', { limit: 1 })).structuredContent as { page: { total: number } };
    expect(events).toHaveLength(firstEvents.page.total);
    expect(new Set(events.map((e) => (e as { id: string }).id)).size).toBe(events.length);

    const facts = await walk('get_financials', { company: 'ACC', limit: 200 }, 'facts', pageCursor);
    const rest = await mcp.api.get('/v1/financials?ticker=ACC&limit=2000');
    expect(facts).toHaveLength(rest.json<{ data: unknown[] }>().data.length);

    // Metrics page by metrics_offset: many ratios over every period of ACC take several results.
    const ratios = listMetricCatalogue()
      .map((m) => m.id)
      .filter((id) => !id.endsWith('_growth'))
      .slice(0, 16);
    const metricArgs = { company: 'ACC', concepts: [...ratios, 'Revenue_growth'], limit: 1 };
    const metricsCursor = (sc: Record<string, unknown>) => (sc.metrics_page as { next_offset: number | null }).next_offset;
    const metrics = (await walk('get_financials', metricArgs, 'metrics', metricsCursor, 'metrics_offset')) as Array<
      Record<string, unknown>
    >;
    const first = (await mcp.call('get_financials', metricArgs)).structuredContent as {
      metrics: unknown[];
      metrics_page: { total: number };
    };
    expect(first.metrics.length).toBeLessThan(first.metrics_page.total);
    expect(metrics).toHaveLength(first.metrics_page.total);
    const keys = metrics.map((m) => JSON.stringify([m.metric, m.period, m.basis]));
    expect(new Set(keys).size).toBe(metrics.length);

    const filings = await walk('search_filings', { query: 'share', limit: 50 }, 'results', (sc) => sc.next_offset as number | null);
    expect(filings.length).toBeGreaterThan(50);
    expect(new Set(filings.map((f) => (f as { id: string }).id)).size).toBe(filings.length);

    const hits = await walk('search', { query: 'limited', limit: 100 }, 'hits', (sc) => sc.next_offset as number | null);
    expect(hits.length).toBeGreaterThan(100);
  });

  it('get_shareholding shows only what was knowable at as_of, and its text quotes the structured values', async () => {
    const current = await mcp.call('get_shareholding', { company: 'HCLTECH' });
    const now = GetShareholdingOutputSchema.parse(current.structuredContent);
    expect(now.snapshots.length).toBeGreaterThan(1);
    // The text quotes the structured percentages as they are.
    const values = now.snapshots.flatMap((s) => [s.promoter_pct, s.fii_pct, s.dii_pct, s.mutual_fund_pct, s.public_pct, s.pledged_pct]);
    const quoted = [...textOf(current).matchAll(/ (\d+(?:\.\d+)?)%/g)].map(([, value]) => value);
    expect(quoted.length).toBeGreaterThan(4);
    for (const value of quoted) expect(values).toContain(value);
    const newest = [...now.snapshots].sort((a, b) => b.known_at.localeCompare(a.known_at))[0];
    const asOf = new Date(Date.parse(newest?.known_at ?? '') - 1000).toISOString();
    const then = GetShareholdingOutputSchema.parse(
      (await mcp.call('get_shareholding', { company: 'HCLTECH', as_of: asOf })).structuredContent,
    );
    expect(then.as_of).toBe(asOf);
    expect(then.snapshots.map((s) => s.filing_id)).not.toContain(newest?.filing_id);
    expect(then.snapshots.every((s) => s.known_at <= asOf)).toBe(true);
    expect(then.snapshots.map((s) => s.filing_id)).toEqual(now.snapshots.filter((s) => s.known_at <= asOf).map((s) => s.filing_id));
  });

  it('refuses an as_of beyond the instants the service holds, as the HTTP API does', async () => {
    for (const asOf of ['9999-12-31T23:00:00-05:00', '0001-01-01T03:00:00+05:30']) {
      const result = await mcp.call('get_shareholding', { company: 'HCLTECH', as_of: asOf });
      expect(result.isError).toBe(true);
      expect(textOf(result)).toMatch(/as_of: the instant is outside the range the service holds/);
      const rest = await mcp.api.get(`/v1/financials?ticker=ACC&as_of=${encodeURIComponent(asOf)}`);
      expect(rest.statusCode).toBe(422);
    }
  });
});
