import { Client, InMemoryTransport } from '@modelcontextprotocol/client';
import type { CallToolResult } from '@modelcontextprotocol/client';
import { McpServer } from '@modelcontextprotocol/server';
import { beforeAll, expect, it, vi } from 'vitest';
import type { Period } from '#schemas/common/period';
import { type ScreenCompaniesOutput, ScreenCompaniesOutputSchema } from '#schemas/mcp/screen-companies';
import { givenCompanyRegistered, givenFact, givenFinancialsReported, quarterPeriod } from '../../../../test/support/builders.ts';
import { describeEachDatabase } from '../../../../test/support/databases.ts';
import { suiteHarness } from '../../../../test/support/suite-harness.ts';
import { createDatasetGate } from '#read/datasets/dataset-gate';
import type { McpDeps } from '../mcp-deps.ts';
import { registerTool } from '../register-tool.ts';
import { screenCompaniesTool } from './screen-companies.ts';

const Q3_FY25 = quarterPeriod(2025, 3); // October to December 2024, for companies whose year ends in March
const AS_OF = '2025-02-01';
/** Q4 FY2024 of a company whose fiscal year is the calendar year: the same months as Q3 FY25 of the others. */
const CALENDAR_Q4: Period = { type: 'quarterly', start: '2024-10-01', end: '2024-12-31', fiscalYear: 2024, fiscalQuarter: 4 };

const alpha = givenCompanyRegistered({ name: 'Alpha Cements Ltd', nseSymbol: 'ALPHACEM' });
const beta = givenCompanyRegistered({ name: 'Beta Software Ltd', nseSymbol: 'BETASOFT' });
const late = givenCompanyRegistered({ name: 'Late Filer Ltd', nseSymbol: 'LATEFILER' });
const other = givenCompanyRegistered({ name: 'Other Quarter Ltd', nseSymbol: 'OTHERQ' });
const calendar = givenCompanyRegistered({ name: 'Calendar Year Ltd', nseSymbol: 'CALYEAR' });
const idOf = (company: typeof alpha) => company.data.companyId;

// Alpha filed Q3 FY25 on 28 January (both bases) and restated its consolidated revenue on
// 3 February, after the as_of; Beta filed on 15 January; Late Filer only on 10 February;
// Other Quarter has Q2 revenue and Q3 profit, no Q3 revenue.
const alphaFiling = givenFinancialsReported({
  companyId: idOf(alpha),
  knownAt: '2025-01-28T06:20:59.000Z',
  facts: [givenFact('Revenue', '52072900000', Q3_FY25), givenFact('Revenue', '51759600000', Q3_FY25, 'standalone')],
});
const alphaRestatement = givenFinancialsReported({
  companyId: idOf(alpha),
  knownAt: '2025-02-03T13:15:56.000Z',
  isRevision: true,
  facts: [givenFact('Revenue', '59273800000', Q3_FY25)],
});
const betaFiling = givenFinancialsReported({
  companyId: idOf(beta),
  knownAt: '2025-01-15T10:00:00.000Z',
  facts: [givenFact('Revenue', '987654321.5', Q3_FY25)],
});
const lateFiling = givenFinancialsReported({
  companyId: idOf(late),
  knownAt: '2025-02-10T09:00:00.000Z',
  facts: [givenFact('Revenue', '0', Q3_FY25)],
});
const otherFiling = givenFinancialsReported({
  companyId: idOf(other),
  knownAt: '2025-01-20T09:00:00.000Z',
  facts: [givenFact('Revenue', '700000000', quarterPeriod(2025, 2)), givenFact('ProfitAfterTax', '1000', Q3_FY25)],
});
const calendarFiling = givenFinancialsReported({
  companyId: idOf(calendar),
  knownAt: '2025-01-25T09:00:00.000Z',
  facts: [givenFact('Revenue', '300000000', CALENDAR_Q4)],
});

const Q3_REVENUE = { concept: 'Revenue', fiscal_year: 2025, fiscal_quarter: 3 };

const textOf = (result: CallToolResult): string => result.content.map((block) => (block.type === 'text' ? block.text : '')).join('\n');

describeEachDatabase('screen_companies with cross_section: one reported figure over every company, as known at as_of', (database) => {
  const harness = suiteHarness(database);
  let client: Client;

  beforeAll(async () => {
    await harness.append(
      alpha,
      beta,
      late,
      other,
      calendar,
      alphaFiling,
      betaFiling,
      lateFiling,
      otherFiling,
      calendarFiling,
      alphaRestatement,
    );
    await harness.project();
    const server = new McpServer({ name: 'test', version: '1' });
    const deps = { db: harness.db, datasets: createDatasetGate(harness.db), logger: { error: vi.fn() } };
    registerTool(server, screenCompaniesTool, deps as unknown as McpDeps);
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await server.connect(serverSide);
    client = new Client({ name: 'test', version: '1' });
    await client.connect(clientSide);
  });

  const call = (args: Record<string, unknown>) => client.callTool({ name: 'screen_companies', arguments: args });
  const output = async (args: Record<string, unknown>): Promise<ScreenCompaniesOutput> => {
    const result = await call(args);
    expect(result.isError, textOf(result)).toBeFalsy();
    return ScreenCompaniesOutputSchema.parse(result.structuredContent);
  };
  const valuesBySymbol = (out: ScreenCompaniesOutput) =>
    Object.fromEntries(out.rows.map((row) => [`${row.company.nse_symbol} ${row.periods[0]?.basis}`, row.values.Revenue]));

  it("gives every company's Q3 FY25 revenue as known on 1 Feb 2025: the version then, and no row for one that had not filed", async () => {
    const result = await call({ cross_section: { ...Q3_REVENUE, basis: 'consolidated' }, as_of: AS_OF });
    const out = ScreenCompaniesOutputSchema.parse(result.structuredContent);
    expect(valuesBySymbol(out)).toEqual({ 'ALPHACEM consolidated': '52072900000', 'BETASOFT consolidated': '987654321.5' });
    expect(out).toMatchObject({
      as_of: '2025-02-01T00:00:00.000Z',
      total: 2,
      cross_section: {
        concept: 'Revenue',
        period: 'quarterly',
        fiscal_year: 2025,
        fiscal_quarter: 3,
        calendar_quarter: null,
        basis: 'consolidated',
      },
      metrics: [
        {
          id: 'Revenue',
          label: 'Revenue from operations',
          unit: 'INR',
          source: 'facts',
          description: expect.stringMatching(/known at as_of/),
        },
      ],
      page: { offset: 0, limit: 20, returned: 2, total: 2, next_offset: null, truncated: false },
      note: expect.stringMatching(/missing is not 0/),
    });
    expect(out.rows.find((row) => row.company.nse_symbol === 'ALPHACEM')).toEqual({
      company: expect.objectContaining({ id: idOf(alpha), name: 'Alpha Cements Ltd', nse_symbol: 'ALPHACEM' }),
      values: { Revenue: '52072900000' },
      periods: [
        {
          source: 'facts',
          basis: 'consolidated',
          period_type: 'quarterly',
          period_start: '2024-10-01',
          period_end: '2024-12-31',
          fiscal_year: 2025,
          known_at: '2025-01-28T06:20:59.000Z',
          inputs: [
            { measure: 'Revenue', period_end: '2024-12-31', known_at: '2025-01-28T06:20:59.000Z', filing_id: alphaFiling.data.filingId },
          ],
        },
      ],
    });
    // Late Filer's 0 was filed after the as_of: it is absent, never a zero; Other Quarter has no Q3 revenue.
    expect(out.rows.map((row) => row.company.nse_symbol)).not.toContain('LATEFILER');
    expect(out.rows.map((row) => row.company.nse_symbol)).not.toContain('OTHERQ');
    expect(textOf(result)).toMatch(
      /^2 companies reported Revenue \(consolidated\) for Q3 FY2025 as known at 2025-02-01T00:00:00\.000Z \(Revenue in INR\); companies that had not are absent\./,
    );
    expect(textOf(result)).toMatch(
      /Alpha Cements Ltd .*: Revenue 52072900000 \(facts: consolidated quarterly FY2025 to 2024-12-31 known 2025-01-28T06:20:59\.000Z\)/,
    );

    // On the latest knowledge: the restated value, and the late filer with its reported 0.
    const now = await output({ cross_section: { ...Q3_REVENUE, basis: 'consolidated' } });
    expect(now).toMatchObject({ as_of: null, total: 3 });
    expect(valuesBySymbol(now)).toEqual({
      'ALPHACEM consolidated': '59273800000',
      'BETASOFT consolidated': '987654321.5',
      'LATEFILER consolidated': '0',
    });
  });

  it('without basis gives a row per company and basis, the basis stated in its period', async () => {
    const out = await output({ cross_section: Q3_REVENUE, as_of: AS_OF });
    expect(out.total).toBe(3);
    expect(valuesBySymbol(out)).toEqual({
      'ALPHACEM consolidated': '52072900000',
      'ALPHACEM standalone': '51759600000',
      'BETASOFT consolidated': '987654321.5',
    });
    expect(out.cross_section?.basis).toBeNull();
  });

  it('pages by offset through every row once, with the total on every page, and refuses an offset past its bound', async () => {
    const whole = await output({ cross_section: Q3_REVENUE });
    expect(whole.total).toBe(4);
    const paged = [];
    for (let offset: number | null = 0; offset !== null;) {
      const page: ScreenCompaniesOutput = await output({ cross_section: Q3_REVENUE, limit: 1, offset });
      expect(page.total).toBe(4);
      expect(page.page).toMatchObject({ offset, returned: 1, total: 4 });
      paged.push(...page.rows);
      offset = page.page.next_offset;
      expect(paged.length).toBeLessThanOrEqual(4);
    }
    expect(paged).toEqual(whole.rows);
    expect(new Set(paged.map((row) => `${row.company.id} ${row.periods[0]?.basis}`)).size).toBe(4);
    // Past the last row: nothing, and still the total.
    const past = await output({ cross_section: Q3_REVENUE, limit: 2, offset: 6 });
    expect(past).toMatchObject({ total: 4, rows: [], page: { returned: 0, total: 4, next_offset: null } });
    const deep = await call({ cross_section: Q3_REVENUE, offset: 10_001 });
    expect(deep.isError).toBe(true);
    expect(textOf(deep)).toMatch(/offset: a cross-section skips at most 10000 rows/);
  });

  it('reads a calendar quarter by the period end, across fiscal calendars', async () => {
    const out = await output({ cross_section: { concept: 'Revenue', calendar_quarter: '2024Q4', basis: 'consolidated' }, as_of: AS_OF });
    expect(valuesBySymbol(out)).toEqual({
      'ALPHACEM consolidated': '52072900000',
      'BETASOFT consolidated': '987654321.5',
      'CALYEAR consolidated': '300000000',
    });
    expect(out.rows.find((row) => row.company.nse_symbol === 'CALYEAR')?.periods[0]).toMatchObject({ fiscal_year: 2024 });
    expect(textOf(await call({ cross_section: { concept: 'Revenue', calendar_quarter: '2024Q4' }, as_of: AS_OF }))).toMatch(
      /^4 figures \(a row per company and basis\) reported Revenue for the quarter ending in calendar 2024Q4 as known at/,
    );
  });

  it('refuses a call with neither filters nor cross_section, or both, a derived or unknown concept, or a sort, saying what to give', async () => {
    for (const args of [{}, { filters: [] }, { as_of: AS_OF }]) {
      const result = await call(args);
      expect(result.isError, JSON.stringify(args)).toBe(true);
      expect(result.structuredContent).toBeUndefined();
      expect(textOf(result)).toMatch(/give filters \(1 to 8, a screen\) or cross_section/);
    }
    const both = await call({ filters: [{ metric: 'net_margin', operator: '>', value: 0.1 }], cross_section: Q3_REVENUE });
    expect(both.isError).toBe(true);
    expect(textOf(both)).toMatch(/give a screen \(filters\) or a cross-section \(cross_section\), not both/);
    const derived = await call({ cross_section: { ...Q3_REVENUE, concept: 'net_margin' } });
    expect(derived.isError).toBe(true);
    expect(textOf(derived)).toMatch(/cross_section\.concept: net_margin is derived, not reported/);
    const unknown = await call({ cross_section: { ...Q3_REVENUE, concept: 'Sales' } });
    expect(unknown.isError).toBe(true);
    expect(textOf(unknown)).toMatch(/'Sales' is not a concept or metric id\. Valid ids are the reported concepts \(Revenue, /);
    const sorted = await call({ cross_section: Q3_REVENUE, sort: '-Revenue' });
    expect(sorted.isError).toBe(true);
    expect(textOf(sorted)).toMatch(/sort: a cross-section is in company order/);
  });

  it("checks cross_section's fields as GET /v1/cross-section checks its query", async () => {
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ concept: 'Revenue' }, /cross_section: give one of fiscal_year and calendar_quarter/],
      [
        { concept: 'Revenue', fiscal_year: 2025, calendar_quarter: '2024Q4' },
        /calendar_quarter: give one of fiscal_year and calendar_quarter, not both/,
      ],
      [
        { concept: 'Revenue', fiscal_year: 2025, fiscal_quarter: 3, period: 'annual' },
        /fiscal_quarter: an annual period has no fiscal_quarter/,
      ],
      [{ concept: 'Revenue', calendar_quarter: '2024-Q4' }, /YYYYQn/],
      [{ ...Q3_REVENUE, extra: 1 }, /extra/],
    ];
    for (const [section, message] of cases) {
      const result = await call({ cross_section: section });
      expect(result.isError, JSON.stringify(section)).toBe(true);
      expect(textOf(result), JSON.stringify(section)).toMatch(/^Input validation error: Invalid arguments for tool screen_companies/);
      expect(textOf(result), JSON.stringify(section)).toMatch(message);
    }
  });
});
