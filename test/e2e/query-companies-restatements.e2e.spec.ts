import { expect, it } from 'vitest';
import { QueryResponseSchema } from '#schemas/api/query';
import { QueryToolOutputSchema } from '#schemas/mcp/query';
import { EvidencePacketSchema, type EvidencePacket } from '#schemas/query/evidence';
import { numbersNotInPacket } from '#read/query/answer/number-check';
import { describeEachDatabase } from '../support/databases.ts';
import { givenMcp, textOf } from '../support/mcp-harness.ts';

// sample-data/results: TCS and Infosys FY2024 annual results (both consolidated), and ACC's
// Q3 FY2025 results filed on 28 Jan 2025 and revised on 31 Jan 2025 (revenue from operations
// 5,207.29 crore, then 5,927.38 crore).
const ACC_FIRST = {
  value: '52072900000',
  source_url: 'https://nsearchives.nseindia.com/corporate/xbrl/INDAS_117817_1362652_28012025115046.xml',
  known_at: '2025-01-28T06:20:59.000Z',
};
const ACC_REVISED = {
  value: '59273800000',
  source_url: 'https://nsearchives.nseindia.com/corporate/xbrl/INDAS_118350_1367750_31012025064516.xml',
  known_at: '2025-01-31T13:15:56.000Z',
};

describeEachDatabase('several companies and restatements through /v1/query and the MCP query tool', (database) => {
  const mcp = givenMcp(database);

  /** The packet and answer of one question, by both surfaces; they must agree. */
  const ask = async (question: string) => {
    const response = await mcp.api.post('/v1/query', { query: question });
    expect(response.statusCode, response.body).toBe(200);
    const http = QueryResponseSchema.parse(response.json()).data;
    const tool = await mcp.call('query', { query: question });
    expect(tool.isError, textOf(tool)).toBeFalsy();
    const viaMcp = QueryToolOutputSchema.parse(tool.structuredContent);
    expect(viaMcp.answer.text).toBe(http.answer.text);
    expect(textOf(tool)).toContain(http.answer.text);
    const packet: EvidencePacket = EvidencePacketSchema.parse({ ...http.evidence, plan: http.plan, facts: http.facts, gaps: http.gaps });
    expect(numbersNotInPacket(http.answer.text, packet), question).toEqual([]);
    return { packet, text: http.answer.text };
  };
  const netMargins = (packet: EvidencePacket) =>
    packet.metrics.filter((m) => m.metric === 'net_margin').map((m) => [m.company.nse_symbol, m.period.fiscal_year, m.value]);

  it('answers "Compare net margin of TCS and INFY in FY2024" for both, side by side in one packet', async () => {
    const { packet, text } = await ask('Compare net margin of TCS and INFY in FY2024');
    expect(packet.plan).toMatchObject({ reference: 'TCS', references: ['TCS', 'INFY'], concepts: ['net_margin'], fiscal_year: 2024 });
    expect(packet.companies?.map((c) => c.company?.nse_symbol)).toEqual(['TCS', 'INFY']);
    const margins = netMargins(packet);
    expect(margins.map(([symbol]) => symbol)).toEqual(['TCS', 'INFY']);
    expect(margins.every(([, year, value]) => year === 2024 && typeof value === 'string')).toBe(true);
    expect(packet.gaps).toEqual([]);
    // Both companies named in the text, TCS first, each with its own value.
    const tcs = text.indexOf('(NSE: TCS;', text.indexOf('company by company'));
    const infy = text.indexOf('(NSE: INFY;', text.indexOf('company by company'));
    expect(tcs).toBeGreaterThan(0);
    expect(infy).toBeGreaterThan(tcs);
  });

  it('"TCS vs INFY net margin FY2024" holds both companies too', async () => {
    const { packet } = await ask('TCS vs INFY net margin FY2024');
    expect(netMargins(packet).map(([symbol]) => symbol)).toEqual(['TCS', 'INFY']);
  });

  it('with one unknown company, TCS is answered and the other is a stated gap, never dropped', async () => {
    const { packet, text } = await ask('TCS vs Zzyzx Corp net margin FY2024');
    expect(packet.companies?.map((c) => [c.reference, c.company?.nse_symbol ?? null])).toEqual([
      ['TCS', 'TCS'],
      ['Zzyzx Corp', null],
    ]);
    expect(netMargins(packet).map(([symbol]) => symbol)).toEqual(['TCS']);
    const gap = packet.gaps.find((g) => g.subject === 'Zzyzx Corp');
    expect(gap?.kind).toMatch(/^(unresolved|ambiguous)$/);
    expect(text).toContain('Zzyzx Corp');
    expect(text).toContain(gap?.message);
  });

  it('"Was ACC\'s Q3 FY25 revenue restated?" names both values, both filings and both known_at', async () => {
    const { packet, text } = await ask("Was ACC's Q3 FY25 revenue restated?");
    expect(packet.plan).toMatchObject({ route: 'exact', restatements: true, fiscal_year: 2025, fiscal_quarter: 3 });
    const chain = packet.restatements?.find((r) => r.concept === 'Revenue' && r.period.type === 'quarterly');
    expect(chain?.versions.map((v) => ({ value: v.value, source_url: v.source_url, known_at: v.known_at }))).toEqual([
      ACC_FIRST,
      ACC_REVISED,
    ]);
    expect(packet.facts.map((f) => f.value)).toEqual([ACC_REVISED.value]);
    for (const shown of [
      '₹5,207.29 crore',
      '₹5,927.38 crore',
      ACC_FIRST.source_url,
      ACC_REVISED.source_url,
      '2025-01-28 06:20 UTC',
      '2025-01-31 13:15 UTC',
    ])
      expect(text).toContain(shown);
    expect(text.indexOf('₹5,207.29 crore')).toBeLessThan(text.lastIndexOf('₹5,927.38 crore'));
  });

  it('"Show ACC quarterly revenue restatements" lists the restated quarter with its earlier version', async () => {
    const { packet, text } = await ask('Show ACC quarterly revenue restatements');
    const restated = packet.restatements ?? [];
    expect(restated.length).toBeGreaterThan(0);
    expect(restated.every((r) => r.versions.length > 1 && r.versions.some((v) => v.change === 'restated'))).toBe(true);
    expect(restated.map((r) => r.period.end)).toContain('2024-12-31');
    expect(text).toContain('₹5,207.29 crore');
  });

  it('a plain question about a restated figure still says that an earlier version exists', async () => {
    const { packet, text } = await ask("What was ACC's revenue in Q3 FY25?");
    expect(packet.plan.restatements).toBeUndefined();
    expect(packet.restatements?.flatMap((r) => r.versions.map((v) => v.value))).toEqual([ACC_FIRST.value, ACC_REVISED.value]);
    expect(text).toContain('₹5,207.29 crore');
  });

  it('respects as_of: a version known later is not shown', async () => {
    const { packet, text } = await ask("Was ACC's Q3 FY25 revenue restated as of 29 January 2025?");
    expect(packet.facts.map((f) => f.value)).toEqual([ACC_FIRST.value]);
    expect(packet.restatements).toEqual([]);
    expect(packet.gaps.map((g) => g.kind)).toContain('absence_not_proven');
    expect(text).not.toContain('5,927.38');
  });

  it('a caller plan without references answers one company as before', async () => {
    const response = await mcp.api.post('/v1/query', {
      query: 'net margin',
      plan: { route: 'exact', reference: 'TCS', concepts: ['net_margin'], fiscal_year: 2024 },
    });
    const body = QueryResponseSchema.parse(response.json()).data;
    expect(body.evidence.companies).toBeUndefined();
    expect(body.evidence.metrics.map((m) => m.company.nse_symbol)).toEqual(['TCS']);
  });
});
