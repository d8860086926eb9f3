import { expect, it } from 'vitest';
import { QueryResponseSchema } from '#schemas/api/query';
import { QueryToolOutputSchema } from '#schemas/mcp/query';
import { ScreenCompaniesOutputSchema } from '#schemas/mcp/screen-companies';
import { EvidencePacketSchema } from '#schemas/query/evidence';
import { numbersNotInPacket } from '#read/query/answer/number-check';
import { givenApi } from '../support/api-harness.ts';
import { describeEachDatabase } from '../support/databases.ts';
import { givenMcp, textOf } from '../support/mcp-harness.ts';

describeEachDatabase('the research query reads every dataset, in the words analysts use (sample)', (database) => {
  const api = givenApi(database);

  const query = async (question: string) => {
    const response = await api.post('/v1/query', { query: question });
    expect(response.statusCode, response.body).toBe(200);
    const body = QueryResponseSchema.parse(response.json());
    const packet = EvidencePacketSchema.parse({
      ...body.data.evidence,
      plan: body.data.plan,
      facts: body.data.facts,
      gaps: body.data.gaps,
    });
    expect(numbersNotInPacket(body.data.answer.text, packet), question).toEqual([]);
    return { body, packet };
  };

  it('answers the promoter holding of TCS from its shareholding pattern, as known at the date asked', async () => {
    const { body, packet } = await query('What is the promoter holding of TCS as of 1 May 2024?');
    expect(body.data.plan).toMatchObject({ route: 'exact', concepts: ['promoter_pct'], as_of: '2024-05-01T00:00:00Z' });
    expect(body.data.gaps.map((g) => g.message).join(' ')).not.toMatch(/not a known concept/);
    // sample-data/shareholding/TCS.csv: 71.77 for the quarter ended 31 March 2024, disseminated 21 April 2024.
    expect(packet.ownership).toEqual([expect.objectContaining({ period_end: '2024-03-31', promoter_pct: '71.77' })]);
    const snapshot = packet.ownership?.[0];
    expect(body.data.answer.text).toContain('71.77% as at 31 March 2024');
    expect(body.data.answer.citations).toContainEqual(
      expect.objectContaining({ value: '71.77%', kind: 'fact', filing_id: snapshot?.filing_id, known_at: snapshot?.known_at }),
    );
    // Before the March pattern was known, the December one answers.
    const earlier = await query('What is the promoter holding of TCS as of 1 April 2024?');
    expect(earlier.packet.ownership?.map((s) => [s.period_end, s.promoter_pct])).toEqual([['2023-12-31', '72.41']]);
    expect(earlier.packet.ownership?.every((s) => s.known_at <= '2024-04-01T00:00:00.000Z')).toBe(true);
  });

  it("lists Yes Bank's insider-trading disclosures of July 2020, and no other company's", async () => {
    const { body, packet } = await query('Did any Yes Bank insiders disclose trades in July 2020?');
    expect(body.data.plan).toMatchObject({
      reference: 'Yes Bank',
      event_types: ['insider_trading'],
      date_from: '2020-07-01',
      date_to: '2020-07-31',
    });
    expect(packet.company).toMatchObject({ nse_symbol: 'YESBANK' });
    // Five records of the NSE file name YESBANK, all disseminated on 28 July 2020.
    expect(packet.passages).toHaveLength(5);
    for (const passage of packet.passages) {
      expect(passage).toMatchObject({ kind: 'announcement', event_type: 'insider_trading', company: { nse_symbol: 'YESBANK' } });
      expect(passage.published_at?.slice(0, 7)).toBe('2020-07');
    }
    expect(body.data.answer.text).toContain('published 2020-07-28');
    // A window with none: a stated gap, nothing from elsewhere.
    const june = await query('Did any Yes Bank insiders disclose trades in June 2020?');
    expect(june.packet.passages).toEqual([]);
    expect(june.body.data.gaps.map((g) => g.kind)).toContain('absence_not_proven');
  });

  it("lists every disclosure of a company in the month asked when no type is named, and only that company's", async () => {
    const { body, packet } = await query('What did MIC Electronics announce in August 2021?');
    expect(body.data.plan).toMatchObject({ route: 'semantic', event_types: [], date_from: '2021-08-01', date_to: '2021-08-31' });
    expect(packet.company).toMatchObject({ bse_code: '532850' });
    // sample-data/announcements/BSE_2021-08-21_2021-08-21.csv: three filings under 532850 that evening.
    expect(packet.passages.map((p) => p.published_at)).toEqual([
      '2021-08-21T15:39:33.000Z',
      '2021-08-21T15:37:27.000Z',
      '2021-08-21T15:32:17.000Z',
    ]);
    for (const passage of packet.passages) {
      expect(passage).toMatchObject({ kind: 'announcement', company: { bse_code: '532850' } });
      expect(passage.title).toMatch(/Related Party Transactions/);
    }
    const july = await query('What did MIC Electronics announce in July 2021?');
    expect(july.packet.passages).toEqual([]);
    expect(july.body.data.gaps).toContainEqual(expect.objectContaining({ kind: 'absence_not_proven', subject: 'events' }));
  });

  it('a name with "and" in it is one company, while "TCS and Infosys" stays two', async () => {
    const lt = await query('Larsen and Toubro revenue FY2024');
    expect(lt.body.data.plan).toMatchObject({ reference: 'Larsen & Toubro Limited' });
    expect(lt.body.data.plan.references).toBeUndefined();
    expect(lt.packet.company).toMatchObject({ nse_symbol: 'LT' });
    const sunflag = await query('What did Sunflag Iron and Steel Company announce in August 2021?');
    expect(sunflag.packet.company).toMatchObject({ nse_symbol: 'SUNFLAG' });
    const both = await query('TCS and Infosys revenue FY2024');
    expect(both.body.data.plan.references).toEqual(['TCS', 'Infosys']);
    expect(both.packet.companies?.map((c) => c.company?.nse_symbol)).toEqual(['TCS', 'INFY']);
  });

  it('an unresolved company gets a gap, never passages of other companies', async () => {
    const { packet, body } = await query('Did any Quasar Widgets insiders disclose trades in July 2020?');
    expect(packet.company).toBeNull();
    expect(packet.passages).toEqual([]);
    expect(body.data.gaps.some((g) => g.subject === 'documents')).toBe(true);
  });

  it('quote phrasings get the quote', async () => {
    const infosys = await query('Where is Infosys trading right now?');
    expect(infosys.body.data.plan.route).toBe('quote');
    expect(infosys.packet.quote).toMatchObject({ ticker: 'INFY', last_price: expect.any(String) });
    const itc = await query('How much is one ITC share worth today?');
    expect(itc.body.data.plan.route).toBe('quote');
    expect(itc.packet.quote).toMatchObject({ ticker: 'ITC' });
    expect(itc.body.data.answer.text).toMatch(/The last price of NSE: ITC/);
    const tcs = await query('Where did TCS close at today?');
    expect(tcs.body.data.plan.route).toBe('quote');
    expect(tcs.packet.quote).toMatchObject({ ticker: 'TCS' });
  });

  it('"what drove it" plans facts and passages', async () => {
    const { body, packet } = await query("How did HDFC Bank's net profit change in FY2024 and what drove it?");
    expect(body.data.plan).toMatchObject({
      route: 'hybrid',
      concepts: ['ProfitAfterTax'],
      fiscal_year: 2024,
      search_text: expect.any(String),
    });
    expect(packet.company).toMatchObject({ nse_symbol: 'HDFCBANK' });
    expect(packet.facts.length).toBeGreaterThan(0);
    expect(packet.facts.every((f) => f.concept === 'ProfitAfterTax' && f.period.fiscal_year === 2024)).toBe(true);
  });

  it('a balance-sheet date sets the fiscal year and quarter: the balance at that date', async () => {
    const hul = await query('Hindustan Unilever cash and cash equivalents at 31 March 2024');
    expect(hul.body.data.plan).toMatchObject({ fiscal_year: 2024, fiscal_quarter: 4, period: 'instant' });
    expect(hul.packet.company).toMatchObject({ nse_symbol: 'HINDUNILVR' });
    const tcs = await query('TCS cash and cash equivalents at 31 March 2024');
    expect(tcs.packet.facts.map((f) => [f.period.end, f.value])).toEqual([['2024-03-31', '90160000000']]);
  });

  it('BSE codes and ISINs are references', async () => {
    const byCode = await query('500325 revenue FY24');
    expect(byCode.packet.company).toMatchObject({ nse_symbol: 'RELIANCE' });
    const byIsin = await query('Net profit of ISIN INE467B01029 for FY24');
    expect(byIsin.packet.company).toMatchObject({ nse_symbol: 'TCS' });
    expect(byIsin.packet.facts.length).toBeGreaterThan(0);
  });

  it('a short name resolves when it stands for one company: a common one, the NSE symbol as words, unique initials', async () => {
    for (const [question, symbol] of [
      ['HUL revenue FY24', 'HINDUNILVR'],
      ['RIL EBITDA margin FY24', 'RELIANCE'],
      ['L&T net profit FY2024', 'LT'],
      ['SBI net profit FY24', 'SBIN'],
      ['hdfc bank net profit fy24', 'HDFCBANK'],
      ['HCL Tech revenue FY24', 'HCLTECH'],
      ['Maruti Suzuki net profit FY24', 'MARUTI'],
      ['HZL revenue FY24', 'HINDZINC'],
    ] as const) {
      const { packet } = await query(question);
      expect(packet.company?.nse_symbol, question).toBe(symbol);
      expect(packet.candidates, question).toEqual([]);
    }
  });

  it('misspellings and short names several companies share give ranked candidates, never a pick', async () => {
    for (const [question, symbol] of [
      ['reliance industreis revenue fy24', 'RELIANCE'],
      ['Tata net profit FY24', undefined],
    ] as const) {
      const { packet, body } = await query(question);
      expect(packet.company, question).toBeNull();
      if (symbol) expect(packet.candidates[0]?.company.nse_symbol, question).toBe(symbol);
      expect(packet.candidates.length, question).toBeGreaterThan(1);
      expect(
        body.data.gaps.map((g) => g.kind),
        question,
      ).toContain('ambiguous');
      expect(packet.facts, question).toEqual([]);
    }
  });

  it('a range keeps the periods between its bounds, and says both', async () => {
    const { body, packet } = await query('Infosys quarters with revenue between 40,000 and 41,000 crore');
    expect(body.data.plan).toMatchObject({
      route: 'filter',
      condition: { operator: '>=', value: '400000000000', unit: 'INR' },
      conditions: [{ operator: '<=', value: '410000000000', unit: 'INR' }],
    });
    // sample-data: Infosys's quarters of FY2024-25 are 37,923, 39,315, 40,986 and 41,764 crore.
    expect(packet.facts.map((f) => [f.period.end, f.value])).toEqual([['2024-09-30', '409860000000']]);
    expect(body.data.answer.text).toContain('is at or above ₹40,000 crore and at or below ₹41,000 crore');
  });

  it('institutional holding is the FII and the DII holding', async () => {
    const { body, packet } = await query('Institutional holding of Bajaj Finance');
    expect(body.data.plan).toMatchObject({ route: 'exact', reference: 'Bajaj Finance', concepts: ['fii_pct', 'dii_pct'] });
    // sample-data/shareholding: Bajaj Finance, quarter ended 30 June 2024.
    expect(packet.ownership).toEqual([expect.objectContaining({ period_end: '2024-06-30', fii_pct: '21.08', dii_pct: '14.23' })]);
    expect(body.data.answer.text).toContain('FII holding was 21.08% as at 30 June 2024');
    expect(body.data.answer.text).toContain('DII holding was 14.23% as at 30 June 2024');
  });

  it('what the plan cannot fetch is a gap the answer states: a measure not held, quarter-on-quarter growth', async () => {
    const pe = await query('TCS P/E ratio and revenue in FY2024');
    expect(pe.body.data.facts.map((f) => f.concept)).toEqual(['Revenue']);
    expect(pe.body.data.answer.text).toContain("'P/E ratio' is not a measure this service holds or derives, so it is not answered.");
    const qoq = await query('TCS revenue growth QoQ');
    expect(qoq.body.data.plan).toMatchObject({ concepts: ['Revenue'], period: 'quarterly' });
    expect(qoq.packet.facts.length).toBeGreaterThan(1);
    expect(qoq.body.data.answer.text).toContain('Quarter-on-quarter growth of Revenue from operations is not derived here');
    expect(qoq.body.data.answer.text).not.toMatch(/growth is unavailable/);
  });

  it('a topic word typed in lower case is searched for, not taken for a company', async () => {
    const { body, packet } = await query('what is deleveraging');
    expect(body.data.plan).toMatchObject({ route: 'semantic', reference: null, search_text: 'deleveraging' });
    expect(packet.candidates).toEqual([]);
  });
});

describeEachDatabase('the MCP query and screen_companies tools in the units people use (sample)', (database) => {
  const mcp = givenMcp(database);

  it('the query tool answers the promoter holding and the Yes Bank insider question', async () => {
    const holding = QueryToolOutputSchema.parse(
      (await mcp.call('query', { query: 'What is the promoter holding of TCS as of 1 May 2024?' })).structuredContent,
    );
    expect(holding.answer.text).toContain('71.77% as at 31 March 2024');
    const insiders = await mcp.call('query', { query: 'Did any Yes Bank insiders disclose trades in July 2020?' });
    expect(insiders.isError, textOf(insiders)).toBeFalsy();
    const output = QueryToolOutputSchema.parse(insiders.structuredContent);
    expect(output.plan).toMatchObject({ event_types: ['insider_trading'], date_from: '2020-07-01', date_to: '2020-07-31' });
    expect(output.answer.text).toContain('Yes Bank Limited');
    expect(output.answer.text).not.toMatch(/HDFC Bank|Birlasoft/);
    const announced = await mcp.call('query', { query: 'What did MIC Electronics announce in August 2021?' });
    expect(announced.isError, textOf(announced)).toBeFalsy();
    const month = QueryToolOutputSchema.parse(announced.structuredContent);
    expect(month.plan).toMatchObject({ event_types: [], date_from: '2021-08-01', date_to: '2021-08-31' });
    expect(month.answer.text).toMatch(/Related Party Transactions/);
    expect(month.answer.text).not.toMatch(/Reliance Capital/);
    const range = QueryToolOutputSchema.parse(
      (await mcp.call('query', { query: 'Infosys quarters with revenue between 40,000 and 41,000 crore' })).structuredContent,
    );
    expect(range.answer.text).toContain('at or above ₹40,000 crore and at or below ₹41,000 crore');
    expect(range.answer.text).not.toMatch(/41,764/);
  });

  it('net_margin > 15, > "15%" and > 0.15 screen the same companies, and the reading is echoed', async () => {
    const screen = async (value: number | string) => {
      const result = await mcp.call('screen_companies', { filters: [{ metric: 'net_margin', operator: '>', value }], sort: '-net_margin' });
      expect(result.isError, textOf(result)).toBeFalsy();
      return { output: ScreenCompaniesOutputSchema.parse(result.structuredContent), text: textOf(result) };
    };
    const fraction = await screen(0.15);
    expect(fraction.output.total).toBeGreaterThan(0);
    expect(fraction.output.interpreted).toBeUndefined();
    for (const written of [15, '15', '15%']) {
      const read = await screen(written);
      expect(read.output.rows.map((r) => r.company.id)).toEqual(fraction.output.rows.map((r) => r.company.id));
      expect(read.output.interpreted?.[0]).toMatch(/0\.15/);
      expect(read.text).toContain(read.output.interpreted?.[0] ?? '');
    }
    // Ratios render as the stored fraction and its percentage side by side.
    const top = fraction.output.rows[0]?.values.net_margin ?? '';
    expect(fraction.text).toMatch(new RegExp(`net_margin ${top.replace('.', '\\.')} \\(\\d+(\\.\\d+)?%\\)`));
  });

  it('a percentage on a money metric is refused, not guessed', async () => {
    const result = await mcp.call('screen_companies', { filters: [{ metric: 'market_cap', operator: '>', value: '15%' }] });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(/percentage/);
  });
});
