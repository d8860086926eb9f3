import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RetrievalPlanSchema } from '#schemas/query/plan';
import { planQuestion } from './plan-question.ts';

// Words the extractors react to, so random questions reach their branches, not just the
// "nothing read" path that random characters mostly take.
const VOCABULARY = [
  'TCS',
  "ACC's",
  "Industries'",
  'Reliance',
  'HDFC Bank',
  'NSE:INFY',
  'BSE:500325',
  'INE002A01018',
  'L17110MH1973PLC019786',
  '500325',
  '&',
  'of',
  'for',
  'revenue',
  'PAT',
  'ROE',
  'EPS',
  'debt to equity',
  'market cap',
  'price',
  'promoter holding',
  'revenue growth',
  'P/E',
  'top line',
  'above',
  'below',
  'at least',
  'not exceeding',
  'between',
  'and',
  'or more',
  'or less',
  '>=',
  '<',
  '=',
  '!=',
  '20%',
  '0.5',
  '60,000 crore',
  '1.5 lakh crore',
  'Rs 500',
  '₹2 lakh',
  '3x',
  '-5',
  '.5',
  '99999999999999999999',
  '1,00,000',
  'Q3 FY24',
  'FY2024',
  'FY 2023-24',
  '2023-24',
  'year ended 31 March 2023',
  'December 2023 quarter',
  'second quarter of FY2024',
  'H1 FY24',
  'latest',
  'last quarter',
  'this year',
  'last 8 quarters',
  'quarterly',
  'annual',
  'FY1899',
  'FY2201',
  'Q3 9999-00',
  'as of 1 June 2023',
  'as known on 2024-05-01',
  'as at 15 Jan 2025',
  'as of 2024-02-30',
  'as of 2024-05-01T10:00+05:30',
  'as of now',
  'standalone',
  'consolidated',
  'top 10',
  'highest',
  'lowest',
  'by',
  'sorted by',
  'companies',
  'all companies',
  'every company',
  'across the market',
  'December 1899 quarter',
  'why',
  'say about',
  'attrition',
  '?',
  "'s",
  '\u0000',
  '\n',
];

const questions = fc.oneof(
  fc.string({ maxLength: 2000 }),
  fc.string({ maxLength: 2000, unit: 'binary' }),
  fc.string({ minLength: 1500, maxLength: 2000, size: 'max' }),
  fc.array(fc.constantFrom(...VOCABULARY), { maxLength: 400, size: 'max' }).map((words) => words.join(' ').slice(0, 2000)),
  fc
    .array(fc.oneof(fc.constantFrom(...VOCABULARY), fc.string({ maxLength: 6 })), { maxLength: 80 })
    .map((parts) => parts.join('').slice(0, 2000)),
);

describe('planQuestion on any text', () => {
  it('returns a plan valid under RetrievalPlanSchema, without throwing, for any string up to 2000 characters', () => {
    fc.assert(
      fc.property(questions, fc.option(fc.constantFrom('2025-02-10', '2024-04-01', 'not a date', '2025-02-30')), (question, today) => {
        const { plan, notes, limit } = planQuestion(question, today === null ? {} : { today });
        expect(RetrievalPlanSchema.safeParse(plan).success).toBe(true);
        expect(notes.every((note) => typeof note === 'string')).toBe(true);
        if (limit !== undefined) expect(Number.isInteger(limit) && limit > 0).toBe(true);
        if (plan.reference !== null) expect(question.length).toBeGreaterThanOrEqual(plan.reference.length);
      }),
      { numRuns: 400 },
    );
  });

  it('is deterministic', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...VOCABULARY), { maxLength: 30 }), (words) => {
        const question = words.join(' ');
        expect(planQuestion(question, { today: '2025-02-10' })).toEqual(planQuestion(question, { today: '2025-02-10' }));
      }),
      { numRuns: 100 },
    );
  });

  it('stays fast on long adversarial text', () => {
    const started = performance.now();
    for (const unit of ['1', 'a ', 'above ', 'Q3 FY', "A's ", '₹1,', 'top 1 ', 'as of ', 'Aa & ', '1-'])
      planQuestion(unit.repeat(Math.floor(2000 / unit.length)));
    expect(performance.now() - started).toBeLessThan(2000);
  });
});
