import { describe, expect, it } from 'vitest';
import type { CrossSectionResult } from '#schemas/query/cross-section';
import type { EvidencePacket } from '#schemas/query/evidence';
import type { RetrievalPlanInput } from '#schemas/query/plan';
import { ACC, givenFact, givenPacket } from '../../../../test/support/given-packet.ts';
import { numbersNotInPacket } from './number-check.ts';
import { writeAnswer } from './write-answer.ts';

const AS_OF = '2025-02-01T00:00:00Z';
const PLAN: RetrievalPlanInput = {
  route: 'filter',
  concepts: ['Revenue'],
  fiscal_year: 2025,
  fiscal_quarter: 3,
  period: 'quarterly',
  as_of: AS_OF,
  cross_section: { concept: 'Revenue', fiscal_year: 2025, fiscal_quarter: 3, period: 'quarterly', as_of: AS_OF },
};
const FULL_LIST = `/v1/cross-section?concept=Revenue&fiscal_year=2025&fiscal_quarter=3&period=quarterly&as_of=${AS_OF}&limit=2000`;
const RESULT: CrossSectionResult = { companies: 412, rows_read: 700, max_rows: 2000, complete: true, as_of: AS_OF, full_list: FULL_LIST };
const OTHER = { ...ACC, id: '0d9e8f7a-6b5c-4d3e-9f21-a0b1c2d3e4f5', name: 'UltraTech Cement Limited', nse_symbol: 'ULTRACEMCO' };

const packetOf = (plan: RetrievalPlanInput, parts: Partial<EvidencePacket>): EvidencePacket =>
  givenPacket(plan, { company: null, question: 'revenue of all companies in Q3 FY25 as of 1 Feb 2025', ...parts });

function answerFor(packet: EvidencePacket) {
  const answer = writeAnswer(packet);
  expect(numbersNotInPacket(answer.text, packet)).toEqual([]);
  return answer;
}

describe('the answer to a cross-section', () => {
  it('counts the companies, lists the largest figures with their filings and points to every row', () => {
    const facts = [
      givenFact({ company: OTHER, value: '170000000000', filing_id: '11111111-2222-4333-8444-555555555555' }),
      givenFact({ basis: 'standalone', value: '51759600000' }),
    ];
    const answer = answerFor(packetOf(PLAN, { facts, cross_section: RESULT }));
    expect(answer.text).toContain(
      "412 companies had reported Revenue from operations (consolidated or standalone figures) for Q3 FY2025 (each company's own fiscal quarter), as known at 2025-02-01 00:00 UTC",
    );
    expect(answer.text).toContain('The largest (one figure per company, consolidated where both were filed), largest first:');
    expect(answer.text.indexOf('UltraTech')).toBeLessThan(answer.text.indexOf('ACC Limited'));
    expect(answer.text).toContain(`Every company's figure: GET ${FULL_LIST}`);
    expect(answer.citations).toContainEqual({ value: '412', kind: 'screen', filing_id: null, source_url: null, known_at: null });
    expect(answer.citations.filter((c) => c.kind === 'fact')).toHaveLength(2);
  });

  it('states a calendar quarter by its days', () => {
    const plan: RetrievalPlanInput = {
      ...PLAN,
      cross_section: { concept: 'Revenue', calendar_quarter: '2024Q4', period: 'quarterly', basis: 'consolidated' },
    };
    const answer = answerFor(packetOf(plan, { facts: [givenFact()], cross_section: { ...RESULT, companies: 1 } }));
    expect(answer.text).toContain(
      '1 company had reported Revenue from operations (consolidated figures) for the periods ending 1 October 2024 to 31 December 2024',
    );
    expect(answer.text).toContain('Every figure (one figure per company), largest first:');
  });

  it('with no company reported: says so, and that an empty result is not proof of absence', () => {
    const answer = answerFor(packetOf(PLAN, { cross_section: { ...RESULT, companies: 0, rows_read: 0 } }));
    expect(answer.text).toContain('No company had reported Revenue from operations');
    expect(answer.text).toContain('An empty result is not proof of absence');
  });
});
