import { expect, it } from 'vitest';
import { CorporateActionsResponseSchema } from '#schemas/api/corporate-actions';
import { FinancialsResponseSchema } from '#schemas/api/financials';
import { QueryResponseSchema } from '#schemas/api/query';
import { QueryToolOutputSchema } from '#schemas/mcp/query';
import { EvidencePacketSchema, type EvidencePacket } from '#schemas/query/evidence';
import { numbersNotInPacket } from '#read/query/answer/number-check';
import { describeEachDatabase } from '../support/databases.ts';
import { givenMcp, textOf } from '../support/mcp-harness.ts';

// sample-data/corporate_actions: BSE's export of stock splits 2009-2015; HDFC Bank's split
// from ₹10 to ₹2 went ex on 14 July 2011 (record date 16 July 2011); ITC has no action in it.
// sample-data/prices: the NSE bhavcopy of 6 January 2021 and Infosys' 5-minute bars to June
// 2024; sample-data/results: each results company's share capital and face value from 31 March 2024.

describeEachDatabase(
  'corporate actions, market cap and quotes of several companies through /v1/query and the MCP query tool',
  (database) => {
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
      const packet: EvidencePacket = EvidencePacketSchema.parse({ ...http.evidence, plan: http.plan, facts: http.facts, gaps: http.gaps });
      expect(numbersNotInPacket(http.answer.text, packet), question).toEqual([]);
      return { packet, text: http.answer.text, citations: http.answer.citations };
    };

    /** HDFC Bank's split as the corporate-actions endpoint serves it. */
    const hdfcSplit = async () => {
      const response = await mcp.api.get('/v1/corporate-actions?ticker=HDFCBANK&type=stock_split');
      const [split] = CorporateActionsResponseSchema.parse(response.json()).data;
      if (!split) throw new Error('the sample holds HDFC Bank split');
      return split;
    };

    it('"Did HDFC Bank announce a bonus or split?" answers with the split: type, dates, face values, source and known_at', async () => {
      const split = await hdfcSplit();
      const { packet, text, citations } = await ask('Did HDFC Bank announce a bonus or split?');
      expect(packet.plan).toMatchObject({ route: 'semantic', reference: 'HDFC Bank', event_types: ['corporate_action'] });
      expect(
        packet.corporate_actions?.map((a) => [a.id, a.action_type, a.ex_date, a.record_date, a.face_value_from, a.face_value_to]),
      ).toEqual([[split.id, 'stock_split', '2011-07-14', '2011-07-16', '10', '2']]);
      expect(text).toContain('Stock split, ex-date 14 July 2011, record date 16 July 2011: face value from ₹10 to ₹2 per share');
      expect(text).toContain(`known at ${split.known_at.slice(0, 10)}`);
      expect(citations.filter((c) => c.filing_id === split.id).map((c) => c.value)).toEqual(['₹10', '₹2']);
      expect(packet.gaps.filter((g) => g.subject === 'corporate_actions')).toEqual([]);
    });

    it('honours the year the question names: "HDFC Bank stock split in 2011" finds it, "in 2012" does not and says so', async () => {
      const in2011 = await ask('HDFC Bank stock split in 2011');
      expect(in2011.packet.plan).toMatchObject({ date_from: '2011-01-01', date_to: '2011-12-31' });
      expect(in2011.packet.corporate_actions?.map((a) => a.ex_date)).toEqual(['2011-07-14']);
      const in2012 = await ask('corporate actions of HDFC Bank in 2012');
      expect(in2012.packet.corporate_actions).toEqual([]);
      const gap = in2012.packet.gaps.find((g) => g.subject === 'corporate_actions');
      expect(gap?.kind).toBe('absence_not_proven');
      expect(gap?.message).toContain('from 2012-01-01 to 2012-12-31');
      expect(in2012.text).toContain(gap?.message);
    });

    it('honours as_of: the split is not knowable on 1 January 2011', async () => {
      const { packet } = await ask('Did HDFC Bank announce a bonus or split as of 1 January 2011?');
      expect(packet.plan.as_of).toBe('2011-01-01T00:00:00Z');
      expect(packet.corporate_actions).toEqual([]);
      expect(packet.gaps.find((g) => g.subject === 'corporate_actions')?.kind).toBe('absence_not_proven');
    });

    it('"When is ITC\'s next dividend?" reads the dividends of the corporate actions and states that none is recorded', async () => {
      const { packet, text } = await ask("When is ITC's next dividend?");
      expect(packet.plan).toMatchObject({ reference: 'ITC', event_types: ['dividend'] });
      expect(packet.company?.nse_symbol).toBe('ITC');
      expect(packet.corporate_actions).toEqual([]);
      const gap = packet.gaps.find((g) => g.subject === 'corporate_actions');
      expect(gap).toMatchObject({ kind: 'absence_not_proven' });
      expect(gap?.message).toContain('No dividend');
      expect(text).toContain('No corporate action matching the question is recorded here.');
    });

    it('"dividend history of HDFC Bank" asks for dividends only: the split is not one', async () => {
      const { packet } = await ask('dividend history of HDFC Bank');
      expect(packet.plan.event_types).toEqual(['dividend']);
      expect(packet.corporate_actions).toEqual([]);
    });

    it('"Infosys market cap" answers the market capitalisation with its close, share capital, face value, dates and known_at', async () => {
      const { packet, text, citations } = await ask('Infosys market cap');
      expect(packet.plan.route).toBe('quote');
      const [cap] = packet.market_cap ?? [];
      expect(cap?.company.nse_symbol).toBe('INFY');
      // The last bar of 28 Jun 2024 closes at 1566.65 (sample-data/prices/intraday/INFY.csv). The balance sheet
      // nearest before it: 31 Mar 2024 standalone, EquityShareCapital 20750000000.00 and face value 5 (INDAS_104588):
      // 4,150,000,000 shares × 1,566.65 = 6,501,597,500,000. The 30 Jun 2024 one is after the close.
      expect(cap).toMatchObject({
        close: '1566.65',
        close_date: '2024-06-28',
        share_capital: '20750000000',
        face_value: '5',
        value: '6501597500000',
        reason: null,
      });
      expect(cap?.inputs.map((i) => [i.measure, i.period_end])).toEqual([
        ['close_from_bars', '2024-06-28'],
        ['EquityShareCapital', '2024-03-31'],
        ['FaceValuePerShare', '2024-03-31'],
      ]);
      const capital = cap?.inputs.find((i) => i.measure === 'EquityShareCapital');
      const fact = await mcp.api.get('/v1/financials?ticker=INFY&concept=EquityShareCapital,FaceValuePerShare&basis=standalone');
      const filed = FinancialsResponseSchema.parse(fact.json()).data.map((f) => [f.concept, f.filing_id, f.period.end, f.value]);
      expect(filed).toContainEqual(['EquityShareCapital', capital?.filing_id, '2024-03-31', '20750000000']);
      expect(filed).toContainEqual(['FaceValuePerShare', capital?.filing_id, '2024-03-31', '5']);
      expect(text).toContain(
        'The market capitalisation of Infosys Limited (NSE: INFY; BSE: 500209) was ₹6,50,159.75 crore on 28 June 2024',
      );
      expect(text).toContain(
        `the share capital (EquityShareCapital) of ₹2,075.00 crore at 31 March 2024 (filing ${capital?.filing_id ?? ''}`,
      );
      expect(text).toContain('÷ the face value of ₹5.00 per share (FaceValuePerShare) stated for that date');
      expect(citations.some((c) => c.kind === 'metric' && c.filing_id === capital?.filing_id)).toBe(true);
    });

    it('"TCS market cap": a close older than every balance sheet has no share count of its day, never a later one', async () => {
      // TCS's newest close is the bhavcopy of 6 Jan 2021; the sample's TCS balance sheets are of 2024.
      const { packet, text } = await ask('TCS market cap');
      const [cap] = packet.market_cap ?? [];
      expect(cap).toMatchObject({ value: null, close_date: '2021-01-06', share_capital: null });
      expect(cap?.inputs.map((i) => i.measure)).toEqual(['close']);
      expect(cap?.reason).toContain("on or before the close's day");
      expect(text).toContain('is not available');
    });

    it('a market cap whose share count is unknown is null with its reason, never 0', async () => {
      // ITC files no results in the sample: a close, but no share capital.
      const { packet, text } = await ask('ITC market capitalisation');
      const [cap] = packet.market_cap ?? [];
      expect(cap?.value).toBeNull();
      expect(cap?.close).toMatch(/\d/);
      expect(cap?.reason).toContain('EquityShareCapital');
      expect(packet.gaps.find((g) => g.subject === 'market_cap')?.kind).toBe('missing');
      expect(text).toContain('is not available');
    });

    it('"price of TCS vs Infosys" gives each company\'s quote side by side', async () => {
      const { packet, text } = await ask('price of TCS vs Infosys');
      expect(packet.plan).toMatchObject({ route: 'quote', references: ['TCS', 'Infosys'] });
      expect(packet.quotes?.map((q) => q.ticker)).toEqual(['TCS', 'INFY']);
      expect(packet.quote?.ticker).toBe('TCS');
      expect(packet.market_cap?.map((c) => c.company.nse_symbol)).toEqual(['TCS', 'INFY']);
      expect(packet.gaps.filter((g) => g.subject === 'price')).toEqual([]);
      const tcs = text.indexOf('The last price of NSE: TCS');
      const infy = text.indexOf('The last price of NSE: INFY');
      expect(tcs).toBeGreaterThan(0);
      expect(infy).toBeGreaterThan(tcs);
    });
  },
);
