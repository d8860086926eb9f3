import type { Client } from '@modelcontextprotocol/client';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { MCP_TOOL_NAMES, type McpToolName } from '#schemas/mcp/common';
import { TOOLS } from '#serve/mcp/tools/index';
import { describeEachDatabase } from '../support/databases.ts';
import { ERAS, givenMcp, textOf } from '../support/mcp-harness.ts';
import { INSTANT_FORMATS } from '#schemas/common/instant';

// SPEC.md's routing rules, as each tool's description must carry them.
const ROUTING: Record<McpToolName, RegExp[]> = {
  search: [/call it first/i, /never take one silently/i, /list_datasets/],
  get_company: [/call search first/i, /never chosen silently/i],
  get_quote: [/Latest price: get_quote\. Price series: get_historical_prices\./],
  get_historical_prices: [/Latest price: get_quote\. Price series: get_historical_prices\./, /list_datasets/],
  get_financials: [/exact facts or ratios/i, /get_financial_history/, /search/, /list_datasets/],
  get_financial_history: [/one measure over time/i, /search/],
  list_screen_metrics: [/list_screen_metrics.*screen_companies/is],
  screen_companies: [/list_screen_metrics/, /never by a model/i],
  get_shareholding: [/Ownership: get_shareholding\. Actions: get_corporate_actions\./, /list_datasets/],
  get_corporate_actions: [/Ownership: get_shareholding\. Actions: get_corporate_actions\./],
  list_event_types: [/before a strict event type filter on get_events/i],
  get_events: [/list_event_types before a strict type filter/i, /never instructions/i, /list_datasets/],
  search_filings: [/search_filings.*get_filing/is, /never instructions/i, /list_datasets/],
  get_filing: [/never instructions/i, /search_filings/],
  get_earnings: [/earnings packet/i, /search/],
  get_fact_provenance: [/source or restatement trail/i, /get_financials/],
  query: [/typed plan and evidence/i, /memory/i],
  list_datasets: [/empty result/i, /disclose unavailable or thin coverage/i],
};

/** A valid call of every tool on the sample; get_filing's id is read from a fact first. */
const validCalls = (filingId: string): Record<McpToolName, Record<string, unknown>> => ({
  search: { query: 'Tata Consultancy' },
  get_company: { company: 'TCS' },
  get_quote: { ticker: 'RELIANCE' },
  get_historical_prices: { ticker: 'RELIANCE', limit: 5 },
  get_financials: { company: 'ACC', concepts: ['Revenue', 'net_margin'], period: 'quarterly', fiscal_year: 2025 },
  get_financial_history: { company: 'ACC', measure: 'Revenue', period: 'quarterly' },
  list_screen_metrics: {},
  screen_companies: { filters: [{ metric: 'net_margin', operator: '>', value: '0.1' }], sort: '-net_margin' },
  get_shareholding: { company: 'RELIANCE', limit: 2 },
  get_corporate_actions: { type: 'stock_split', limit: 5 },
  list_event_types: {},
  get_events: { type: 'dividend', limit: 5 },
  search_filings: { query: 'press release' },
  get_filing: { filing_id: filingId, text_length: 2000 },
  get_earnings: { company: 'ACC', fiscal_year: 2025, fiscal_quarter: 3 },
  get_fact_provenance: { company: 'ACC', concept: 'Revenue', period_end: '2024-12-31', period_type: 'quarterly' },
  query: { query: "What was ACC's revenue in Q3 FY25?" },
  list_datasets: {},
});

/** Requests at each tool's largest page: each must still fit one result. */
const LARGEST: Partial<Record<McpToolName, Record<string, unknown>>> = {
  search: { query: 'limited', limit: 100 },
  get_historical_prices: { ticker: 'RELIANCE', interval: '1d', limit: 1000 },
  get_financials: { company: 'ACC', limit: 200 },
  get_financial_history: { company: 'ACC', measure: 'net_margin', period: 'quarterly', limit: 120 },
  screen_companies: { filters: [{ metric: 'promoter_pct', operator: '>=', value: 0 }], limit: 100 },
  get_shareholding: { company: 'HCLTECH', holders: true, limit: 20 },
  get_corporate_actions: { limit: 100 },
  get_events: { limit: 50 },
  search_filings: { query: 'share', limit: 50 },
  get_earnings: { company: 'INFY', fiscal_year: 2024 },
  query: { query: 'Which companies have net margin above 10%?', limit: 50 },
};

/**
 * Inputs that name every optional object a tool takes (a plan, its condition and filters),
 * so that a string can be set anywhere in them; the rest of each call is validCalls'.
 */
const FULL_INPUTS: Partial<Record<McpToolName, Record<string, unknown>>> = {
  query: {
    plan: {
      route: 'hybrid_screen',
      condition: { operator: '>', value: '1', unit: 'crore' },
      conditions: [{ operator: '<', value: '2', unit: 'crore' }],
      filters: [{ metric: 'net_margin', operator: '>', value: '0.1' }],
      // Whole, so each of its strings is checked in a valid step (on this route it is a gap, not run).
      cross_section: {
        concept: 'Revenue',
        calendar_quarter: '2024Q4',
        period: 'quarterly',
        basis: 'consolidated',
        as_of: '2025-02-01T00:00:00Z',
      },
    },
  },
  // Beside the filters, so the clean call is a tool error (a screen or a cross-section, not both), never invalid arguments.
  screen_companies: { cross_section: { concept: 'Revenue', calendar_quarter: '2024Q4' } },
};

type JsonSchema = {
  type?: string | string[];
  enum?: unknown[];
  pattern?: string;
  format?: string;
  $ref?: string;
  anyOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  $defs?: Record<string, JsonSchema>;
};
interface StringInput {
  readonly path: (string | number)[];
  /** A valid value: the first enum value, a date, a UUID, a decimal, or text. */
  readonly sample: string;
  /** Any text is valid (no enum, pattern or format): only the NUL rule refuses it. */
  readonly free: boolean;
}

/** Every string a tool's advertised input schema takes, through objects, arrays, unions and $refs; one per path. */
function stringInputs(root: JsonSchema, filingId: string): StringInput[] {
  const found = new Map<string, StringInput>();
  const stack: { schema: JsonSchema; path: (string | number)[] }[] = [{ schema: root, path: [] }];
  while (stack.length > 0) {
    const { schema: node, path } = stack.pop() as { schema: JsonSchema; path: (string | number)[] };
    const schema = node.$ref ? (root.$defs?.[node.$ref.replace('#/$defs/', '')] ?? {}) : node;
    for (const option of schema.anyOf ?? []) stack.push({ schema: option, path });
    for (const [key, property] of Object.entries(schema.properties ?? {})) stack.push({ schema: property, path: [...path, key] });
    if (schema.items) stack.push({ schema: schema.items, path: [...path, 0] });
    const types = [schema.type ?? []].flat();
    if (!types.includes('string') || found.has(path.join('.'))) continue;
    const sample =
      (schema.enum?.[0] as string | undefined) ??
      { date: '2024-12-31', 'date-time': '2025-01-29T00:00:00Z', uuid: filingId }[schema.format ?? ''] ??
      (schema.pattern?.includes('\\d') ? '1' : 'ACC');
    found.set(path.join('.'), { path, sample, free: !schema.enum && !schema.pattern && !schema.format });
  }
  return [...found.values()];
}

/** A copy of `value` with `path` set, making the objects and arrays on the way. */
function withValueAt(value: Record<string, unknown>, path: readonly (string | number)[], leaf: string): Record<string, unknown> {
  const copy = structuredClone(value);
  let at: Record<string | number, unknown> = copy;
  path.forEach((key, i) => {
    if (i === path.length - 1) at[key] = leaf;
    else at = (at[key] ??= typeof path[i + 1] === 'number' ? [] : {}) as Record<string | number, unknown>;
  });
  return copy;
}

const ONE_RESULT = 100_000;
const TOOL_BY_NAME = new Map(TOOLS.map((tool) => [tool.name, tool]));

describeEachDatabase('MCP server: the tools of SPEC.md over Streamable HTTP', (database) => {
  const mcp = givenMcp(database);
  let filingId = '';
  beforeAll(async () => {
    const facts = await mcp.call('get_financials', { company: 'ACC', concepts: ['Revenue'], limit: 1 });
    filingId = (facts.structuredContent as { facts: { filing_id: string }[] }).facts[0]?.filing_id ?? '';
  });

  describe.each(ERAS)('a %s client', (era) => {
    let client: Client;
    beforeAll(async () => {
      client = await mcp.connect({ era });
    });

    it('negotiates its era and lists exactly the tools of SPEC.md, read-only, with routing rules, every input field described and every output field typed', async () => {
      expect(client.getNegotiatedProtocolVersion()).toMatch(era === 'modern' ? /^2026-/ : /^2025-/);
      expect(client.getInstructions()).toMatch(/list_datasets/);
      const { tools } = await client.listTools();
      expect(tools.map((tool) => tool.name)).toEqual([...MCP_TOOL_NAMES]);
      for (const tool of tools) {
        expect(tool.annotations, tool.name).toMatchObject({ readOnlyHint: true, destructiveHint: false, idempotentHint: true });
        for (const rule of ROUTING[tool.name as McpToolName]) expect(tool.description, tool.name).toMatch(rule);
        expect(tool.inputSchema.type, tool.name).toBe('object');
        expect(tool.outputSchema?.type, tool.name).toBe('object');
        for (const [field, property] of Object.entries(tool.inputSchema.properties ?? {}) as [string, { description?: string }][]) {
          expect(property.description, `${tool.name} input.${field}`).toMatch(/\w{3}/);
        }
        // Output fields are named and typed; their descriptions stay out of the list (docs/mcp.md).
        for (const [field, property] of Object.entries(tool.outputSchema?.properties ?? {}) as [string, object][]) {
          expect(property, `${tool.name} output.${field}`).toSatisfy((p: object) => 'type' in p || 'anyOf' in p || 'oneOf' in p);
        }
      }
    });

    it.each(MCP_TOOL_NAMES)(
      '%s with valid input returns structuredContent matching its output schema, and a text rendering',
      async (name) => {
        const result = await client.callTool({ name, arguments: validCalls(filingId)[name] });
        expect(result.isError, textOf(result)).toBeFalsy();
        const tool = TOOL_BY_NAME.get(name);
        expect(tool?.output.parse(result.structuredContent)).toEqual(result.structuredContent);
        expect(textOf(result).length).toBeGreaterThan(20);
        expect(JSON.stringify(result).length).toBeLessThan(ONE_RESULT);
      },
    );
  });

  it.each(Object.entries(LARGEST))('%s at its largest page stays well under 100,000 characters', async (name, args) => {
    const result = await mcp.call(name, args);
    expect(result.isError, textOf(result)).toBeFalsy();
    expect(JSON.stringify(result).length).toBeLessThan(ONE_RESULT);
  });

  it('answers invalid input with a tool error naming the field, for every tool that takes input', async () => {
    const client = await mcp.connect();
    for (const name of MCP_TOOL_NAMES) {
      const result = await client.callTool({ name, arguments: { limit: -1, unexpected_field: true } });
      expect(result.isError, name).toBe(true);
      expect(textOf(result), name).toMatch(/invalid|unrecognized|required|expected/i);
    }
  });

  it('answers an as_of it cannot read ("29 Jan 2025") with a tool error naming the forms it takes, for every tool with as_of', async () => {
    const client = await mcp.connect();
    const { tools } = await client.listTools();
    const withAsOf = tools.filter((tool) => 'as_of' in (tool.inputSchema.properties ?? {})).map((tool) => tool.name as McpToolName);
    expect(withAsOf).toEqual(expect.arrayContaining(['get_financials', 'get_financial_history', 'get_fact_provenance']));
    for (const name of withAsOf) {
      const result = await client.callTool({ name, arguments: { ...validCalls(filingId)[name], as_of: '29 Jan 2025' } });
      expect(result.isError, name).toBe(true);
      expect(textOf(result), name).toContain(`as_of: ${INSTANT_FORMATS}`);
    }
  });

  it('refuses U+0000 in every string of every tool’s input as invalid arguments, before the tool runs', async () => {
    const client = await mcp.connect();
    const { tools } = await client.listTools();
    let checked = 0;
    for (const tool of tools) {
      const name = tool.name as McpToolName;
      const base = { ...validCalls(filingId)[name], ...FULL_INPUTS[name] };
      for (const input of stringInputs(tool.inputSchema as JsonSchema, filingId)) {
        const field = `${name} ${input.path.join('.')}`;
        const current = input.path.reduce<unknown>((at, key) => (at as Record<string | number, unknown> | undefined)?.[key], base);
        const valid = typeof current === 'string' ? current : input.sample;
        // The same call without the NUL passes validation, so the NUL is what is refused.
        const clean = await client.callTool({ name, arguments: withValueAt(base, input.path, valid) });
        expect(textOf(clean), field).not.toMatch(/^Input validation error/);
        const refused = await client.callTool({ name, arguments: withValueAt(base, input.path, `${valid}\u0000`) });
        expect(refused.isError, field).toBe(true);
        expect(textOf(refused), field).toMatch(new RegExp(`^Input validation error: Invalid arguments for tool ${name}: `));
        expect(textOf(refused), field).not.toMatch(/failed on the server|try again/i);
        if (input.free) expect(textOf(refused), field).toContain(`${input.path.join('.')}: must not contain U+0000 (the NUL character)`);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(40);
  });

  it('answers an unknown or ambiguous company with an error that names search and the candidates, never a near match', async () => {
    const client = await mcp.connect({ era: 'modern' });
    const calls: [McpToolName, Record<string, unknown>][] = [
      ['get_company', { company: 'Infosys' }],
      ['get_financials', { company: 'Infosys' }],
      ['get_financial_history', { company: 'Infosys', measure: 'Revenue' }],
      ['get_shareholding', { company: 'Infosys' }],
      ['get_earnings', { company: 'Infosys', fiscal_year: 2024 }],
      ['get_fact_provenance', { company: 'Infosys', concept: 'Revenue', period_end: '2024-03-31' }],
      ['get_events', { company: 'Infosys' }],
      ['list_event_types', { company: 'Infosys' }],
      ['get_corporate_actions', { company: 'Infosys' }],
      ['search_filings', { query: 'results', company: 'Infosys' }],
      ['get_quote', { ticker: 'Infosys Limited' }],
    ];
    for (const [name, args] of calls) {
      const result = await client.callTool({ name, arguments: args });
      expect(result.isError, name).toBe(true);
      expect(textOf(result), name).toMatch(/search/);
      expect(textOf(result), name).toMatch(/INFY/);
    }
  });

  it('never fails inside a tool, whatever the arguments: each call is a result or a tool error', async () => {
    const client = await mcp.connect();
    const junk = fc.oneof(
      fc.constantFrom(
        'ACC',
        'NSE:RELIANCE',
        'INE002A01018',
        '500410',
        'Revenue',
        'net_margin',
        'dividend',
        '2024-12-31',
        '2025-01-29T00:00:00Z',
        '',
        '\u0000',
        "' or 1=1 --",
        '😀',
      ),
      fc.string({ maxLength: 80 }),
      fc.integer({ min: -5, max: 3000 }),
      fc.boolean(),
      fc.constant(null),
      fc.array(fc.constantFrom('Revenue', 'ebit', 'x', '>', 1), { maxLength: 4 }),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...MCP_TOOL_NAMES),
        fc.dictionary(
          fc.constantFrom(
            'company',
            'ticker',
            'query',
            'concepts',
            'measure',
            'period',
            'basis',
            'fiscal_year',
            'fiscal_quarter',
            'as_of',
            'limit',
            'offset',
            'type',
            'start',
            'end',
            'period_end',
            'concept',
            'filing_id',
            'filters',
            'sort',
            'text_offset',
            'kinds',
          ),
          junk,
        ),
        async (name, args) => {
          const result = await client.callTool({ name, arguments: args });
          expect(textOf(result), `${name} ${JSON.stringify(args)}`).not.toMatch(/failed on the server/);
          if (!result.isError) expect(TOOL_BY_NAME.get(name)?.output.safeParse(result.structuredContent).success).toBe(true);
        },
      ),
      { numRuns: 150 },
    );
  });
});
