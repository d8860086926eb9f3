import { describe, expect, it } from 'vitest';
import type { MarketCap } from '#schemas/query/market-cap';
import type { CorporateAction } from '#schemas/read-models/corporate-action';
import { ACC, givenPacket, givenQuote } from '../../../../test/support/given-packet.ts';
import { numbersNotInPacket } from './number-check.ts';
import { writeAnswer } from './write-answer.ts';

const action = (overrides: Partial<CorporateAction>): CorporateAction => ({
  id: '5f0c2a8e-1d3b-4c6a-9e7f-2b4d6f8a0c1e',
  company_id: ACC.id,
  company_name: ACC.name,
  company_isin: ACC.isin,
  company: { name: null, nse_symbol: null, bse_code: '500410', isin: null },
  action_type: 'dividend',
  purpose: 'Final Dividend - Rs. - 7.5000',
  ex_date: '2024-06-14',
  record_date: '2024-06-14',
  amount_per_share: '7.5',
  ratio_new: null,
  ratio_existing: null,
  face_value_from: null,
  face_value_to: null,
  source: 'bse',
  source_url: null,
  source_file: null,
  source_document: null,
  announcements: 1,
  known_at: '2024-06-13T18:30:00.000Z',
  known_at_basis: 'implied',
  recorded_at: '2024-06-20T10:00:00.000Z',
  ...overrides,
});

const DIVIDEND = action({});
const BONUS = action({
  id: '6a1d3b9f-2e4c-4d7b-8f80-3c5e7a9b1d2f',
  action_type: 'bonus_issue',
  purpose: 'Bonus issue 1:2',
  ex_date: '2023-09-01',
  record_date: null,
  amount_per_share: null,
  ratio_new: '1',
  ratio_existing: '2',
});
const EVENTS = { route: 'semantic' as const, reference: 'ACC', event_types: ['corporate_action'] };

describe('writeAnswer: corporate actions', () => {
  it('states each action with its dates, cash per share or ratio, purpose, source and known_at, every figure cited to the action', () => {
    const packet = givenPacket(EVENTS, { company: ACC, corporate_actions: [DIVIDEND, BONUS] });
    const answer = writeAnswer(packet);
    expect(numbersNotInPacket(answer.text, packet)).toEqual([]);
    expect(answer.text).toContain(
      '- Dividend, ex-date 14 June 2024, record date 14 June 2024: ₹7.5 per share (purpose as published: "Final Dividend - Rs. - 7.5000"; source bse; filing 5f0c2a8e-1d3b-4c6a-9e7f-2b4d6f8a0c1e, known at 2024-06-13 18:30 UTC (implied by its dates',
    );
    expect(answer.text).toContain('- Bonus issue, ex-date 1 September 2023: 1 new shares for every 2 held');
    expect(answer.text.startsWith('About ACC Limited')).toBe(true);
    expect(answer.text).not.toContain('An empty result is not proof of absence');
    expect(answer.citations.filter((c) => c.filing_id === BONUS.id).map((c) => c.value)).toEqual(['1', '2']);
    expect(answer.citations.find((c) => c.filing_id === DIVIDEND.id)).toMatchObject({
      value: '₹7.5',
      kind: 'fact',
      known_at: DIVIDEND.known_at,
    });
  });

  it('a figure the packet does not hold is caught by the number check', () => {
    const packet = givenPacket(EVENTS, { company: ACC, corporate_actions: [DIVIDEND] });
    expect(numbersNotInPacket('ACC paid ₹8.5 per share.', packet)).toEqual(['₹8.5']);
  });

  it('with none found, says so first and that absence is not proven', () => {
    const gap = { kind: 'absence_not_proven' as const, subject: 'corporate_actions', message: 'No dividend is recorded.' };
    const answer = writeAnswer(givenPacket(EVENTS, { company: ACC, corporate_actions: [], gaps: [gap] }));
    expect(answer.text).toContain('No corporate action matching the question is recorded here.');
    expect(answer.text).toContain('An empty result is not proof of absence');
  });
});

describe('writeAnswer: market capitalisation', () => {
  const QUOTE = givenQuote();
  const CAPITAL_FILING = '7c0e1f2a-3b4c-4d5e-8f60-718293a4b5c6';
  // ACC's balance sheet nearest before the close: paid-up capital 1879900000.00 at 31 Dec 2020, face
  // value ₹10 (INDAS_68258_407127, Q4 of its calendar FY2020): 187,990,000 shares × 2,043.55 = 384,166,964,500.
  const cap = (overrides: Partial<MarketCap>): MarketCap => ({
    company: ACC,
    value: '384166964500',
    close: QUOTE.last_price,
    close_date: '2021-01-06',
    known_at: '2021-02-12T09:24:13.000Z',
    share_capital: '1879900000',
    face_value: '10',
    inputs: [
      { measure: 'close', period_end: '2021-01-06', known_at: '2021-01-06T10:00:00.000Z', filing_id: null },
      { measure: 'EquityShareCapital', period_end: '2020-12-31', known_at: '2021-02-12T09:24:13.000Z', filing_id: CAPITAL_FILING },
      { measure: 'FaceValuePerShare', period_end: '2020-12-31', known_at: '2021-02-12T09:24:13.000Z', filing_id: CAPITAL_FILING },
    ],
    reason: null,
    ...overrides,
  });

  it('states the value in crore with its close, the share capital and face value with their filing and date, and known_at', () => {
    const packet = givenPacket({ route: 'quote', reference: 'ACC' }, { company: ACC, quote: QUOTE, market_cap: [cap({})] });
    const answer = writeAnswer(packet);
    expect(numbersNotInPacket(answer.text, packet)).toEqual([]);
    expect(answer.text).toContain(
      'The market capitalisation of ACC Limited (NSE: ACC; BSE: 500410) was ₹38,416.69645 crore on 6 January 2021 (NSE close ₹2,043.55 on 6 January 2021 × shares outstanding:',
    );
    expect(answer.text).toContain(`the share capital (EquityShareCapital) of ₹187.99 crore at 31 December 2020 (filing ${CAPITAL_FILING}`);
    expect(answer.text).toContain('÷ the face value of ₹10.00 per share (FaceValuePerShare) stated for that date in the same filing;');
    expect(answer.citations).toContainEqual(
      expect.objectContaining({ value: '₹38,416.69645 crore', kind: 'metric', filing_id: CAPITAL_FILING }),
    );
    expect(answer.citations).toContainEqual(expect.objectContaining({ value: '₹187.99 crore', kind: 'fact', filing_id: CAPITAL_FILING }));
    expect(answer.citations).toContainEqual(expect.objectContaining({ value: '₹10.00', kind: 'fact', filing_id: CAPITAL_FILING }));
  });

  it('a value the inputs do not allow is stated as not available with the reason, never 0', () => {
    const reason =
      "no EquityShareCapital fact (share capital) of a balance sheet on or before the close's day is known, so the shares outstanding on that day are unknown";
    const packet = givenPacket(
      { route: 'quote', reference: 'ACC' },
      { company: ACC, quote: QUOTE, market_cap: [cap({ value: null, reason, share_capital: null, face_value: null, inputs: [] })] },
    );
    const answer = writeAnswer(packet);
    expect(answer.text).toContain(`The market capitalisation of ACC Limited (NSE: ACC; BSE: 500410) is not available: ${reason}`);
    expect(answer.text).not.toMatch(/₹0\b/);
  });
});
