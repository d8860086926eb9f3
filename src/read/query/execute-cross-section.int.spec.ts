import { beforeAll, expect, it } from 'vitest';
import type { Period } from '#schemas/common/period';
import { type EvidencePacket, EvidencePacketSchema } from '#schemas/query/evidence';
import { type RetrievalPlanInput, RetrievalPlanSchema } from '#schemas/query/plan';
import { givenCompanyRegistered, givenFact, givenFinancialsReported, quarterPeriod } from '../../../test/support/builders.ts';
import { describeEachDatabase } from '../../../test/support/databases.ts';
import { givenPacket } from '../../../test/support/given-packet.ts';
import { suiteHarness } from '../../../test/support/suite-harness.ts';
import { writeAnswer } from './answer/write-answer.ts';
import { addCrossSection } from './execute-cross-section.ts';
import { executePlan } from './execute-plan.ts';
import { planQuestion } from './planner/plan-question.ts';
import type { StepReport } from './steps.ts';

const Q3_FY25 = quarterPeriod(2025, 3); // October to December 2024, for companies whose year ends in March
/** Q4 FY2024 of a company whose fiscal year is the calendar year: the same months as Q3 FY25 of the others. */
const CALENDAR_Q4: Period = { type: 'quarterly', start: '2024-10-01', end: '2024-12-31', fiscalYear: 2024, fiscalQuarter: 4 };

const alpha = givenCompanyRegistered({ name: 'Alpha Cements Ltd', nseSymbol: 'ALPHACEM' });
const beta = givenCompanyRegistered({ name: 'Beta Software Ltd', nseSymbol: 'BETASOFT' });
const late = givenCompanyRegistered({ name: 'Late Filer Ltd', nseSymbol: 'LATEFILER' });
const calendar = givenCompanyRegistered({ name: 'Calendar Year Ltd', nseSymbol: 'CALYEAR' });
const idOf = (company: typeof alpha) => company.data.companyId;
const quarter = { fiscal_year: 2025, fiscal_quarter: 3, period: 'quarterly' } as const;

// Alpha filed Q3 FY25 on 28 January (both bases) and restated its consolidated revenue on
// 3 February; Beta files standalone only, on 15 January; Late Filer filed on 10 February;
// Calendar Year's October to December quarter is the fourth of its FY2024, filed 25 January.
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
  facts: [givenFact('Revenue', '987654321.5', Q3_FY25, 'standalone')],
});
const lateFiling = givenFinancialsReported({
  companyId: idOf(late),
  knownAt: '2025-02-10T09:00:00.000Z',
  facts: [givenFact('Revenue', '70000000000', Q3_FY25)],
});
const calendarFiling = givenFinancialsReported({
  companyId: idOf(calendar),
  knownAt: '2025-01-25T09:00:00.000Z',
  facts: [givenFact('Revenue', '300000000', CALENDAR_Q4)],
});

describeEachDatabase('research query: a cross-section of every company, as known at as_of', (database) => {
  const harness = suiteHarness(database);

  beforeAll(async () => {
    await harness.append(alpha, beta, late, calendar, alphaFiling, betaFiling, lateFiling, calendarFiling, alphaRestatement);
    await harness.project();
  });

  const ask = async (question: string) => {
    const steps: StepReport[] = [];
    const { plan } = planQuestion(question, { today: '2025-02-20' });
    const packet = EvidencePacketSchema.parse(
      await executePlan(harness.db, { question, plan, plannedBy: 'planner' }, { limit: 10, onStep: (step) => steps.push(step) }),
    );
    return { packet, answer: writeAnswer(packet), steps };
  };
  const figures = (packet: EvidencePacket) => packet.facts.map((f) => [f.company.nse_symbol, f.basis, f.value, f.known_at]);

  it('as of 1 Feb 2025: the version known then, and no company that filed later', async () => {
    const { packet, answer, steps } = await ask('revenue of all companies in Q3 FY25 as of 1 Feb 2025');
    expect(packet.plan).toMatchObject({ route: 'filter', cross_section: { concept: 'Revenue', fiscal_year: 2025, fiscal_quarter: 3 } });
    // Alpha's consolidated figure as first filed (the restatement came on 3 February); Beta's standalone one.
    expect(figures(packet)).toEqual([
      ['ALPHACEM', 'consolidated', '52072900000', '2025-01-28T06:20:59.000Z'],
      ['BETASOFT', 'standalone', '987654321.5', '2025-01-15T10:00:00.000Z'],
    ]);
    expect(packet.facts.every((f) => f.source_url !== null && f.filing_id.length > 0)).toBe(true);
    expect(packet.facts[0]?.filing_id).toBe(alphaFiling.data.filingId);
    expect(packet.cross_section).toEqual({
      companies: 2,
      rows_read: 3,
      max_rows: 2000,
      complete: true,
      as_of: '2025-02-01T00:00:00Z',
      full_list:
        '/v1/cross-section?concept=Revenue&fiscal_year=2025&fiscal_quarter=3&period=quarterly&as_of=2025-02-01T00:00:00Z&limit=2000',
    });
    expect(packet.restatements).toBeUndefined();
    expect(answer.text).toContain('2 companies had reported Revenue from operations (consolidated or standalone figures) for Q3 FY2025');
    expect(answer.text).toContain('as known at 2025-02-01 00:00 UTC');
    expect(answer.text).toContain('only companies that had filed it by then are counted and listed');
    expect(packet.gaps).toContainEqual({
      kind: 'absence_not_proven',
      subject: 'cross_section',
      message:
        'A company that had not filed Revenue from operations for this period by 2025-02-01T00:00:00Z is absent from the cross-section, not zero: its absence is not proof that it had none.',
    });
    expect(answer.text).toContain('is absent from the cross-section, not zero');
    expect(answer.text).toContain(`GET ${packet.cross_section?.full_list}`);
    expect(answer.text).not.toMatch(/Late Filer|LATEFILER/);
    expect(answer.citations).toContainEqual(expect.objectContaining({ value: '2', kind: 'screen' }));
    expect(answer.citations.filter((c) => c.kind === 'fact').map((c) => c.filing_id)).toEqual([
      alphaFiling.data.filingId,
      betaFiling.data.filingId,
    ]);
    expect(steps.map((s) => `${s.stage}:${s.status}`)).toEqual([
      'resolving the company:skipped',
      'fetching facts:done',
      'computing metrics:skipped',
      'screening:skipped',
      'searching documents:skipped',
    ]);
    expect(steps.find((s) => s.stage === 'fetching facts')?.counts).toEqual({ facts: 3, companies: 2 });
  });

  it('without as_of: the latest knowledge, the restated figure with its earlier version, and the late filer', async () => {
    const { packet, answer } = await ask('Revenue of all companies in Q3 FY25');
    expect(figures(packet)).toEqual([
      ['LATEFILER', 'consolidated', '70000000000', '2025-02-10T09:00:00.000Z'],
      ['ALPHACEM', 'consolidated', '59273800000', '2025-02-03T13:15:56.000Z'],
      ['BETASOFT', 'standalone', '987654321.5', '2025-01-15T10:00:00.000Z'],
    ]);
    expect(packet.cross_section).toMatchObject({ companies: 3, complete: true, as_of: null });
    expect(packet.restatements?.map((r) => [r.company.nse_symbol, r.versions.map((v) => v.value)])).toEqual([
      ['ALPHACEM', ['52072900000', '59273800000']],
    ]);
    expect(answer.text).toContain('3 companies had reported Revenue from operations');
    expect(answer.text).toContain('as known now');
    expect(answer.text).toContain('Restated figures');
  });

  it('a calendar quarter takes each company whose period ends in it, whatever its fiscal year', async () => {
    const { packet, answer } = await ask(
      'what was the consolidated revenue of all companies in the December 2024 quarter as of 30 Jan 2025',
    );
    expect(packet.plan.cross_section).toMatchObject({ calendar_quarter: '2024Q4', basis: 'consolidated' });
    expect(figures(packet)).toEqual([
      ['ALPHACEM', 'consolidated', '52072900000', '2025-01-28T06:20:59.000Z'],
      ['CALYEAR', 'consolidated', '300000000', '2025-01-25T09:00:00.000Z'],
    ]);
    expect(answer.text).toContain('the periods ending 1 October 2024 to 31 December 2024');
  });

  it("a caller's plan: a company named beside the step does not narrow it, and the step runs on the filter route only", async () => {
    const run = async (plan: RetrievalPlanInput) =>
      executePlan(harness.db, { question: 'q', plan: RetrievalPlanSchema.parse(plan), plannedBy: 'caller' }, { limit: 10 });
    const step = { concept: 'Revenue', fiscal_year: 2025, fiscal_quarter: 3, period: 'quarterly', as_of: '2025-02-01T00:00:00Z' } as const;
    const named = await run({ route: 'filter', reference: 'ALPHACEM', references: ['ALPHACEM', 'BETASOFT'], cross_section: step });
    expect(named.cross_section).toMatchObject({ companies: 2 });
    expect(named.companies).toBeUndefined();
    expect(named.gaps).toContainEqual(
      expect.objectContaining({ subject: 'ALPHACEM, BETASOFT', message: expect.stringMatching(/does not narrow it/) }),
    );
    const exact = await run({ route: 'exact', reference: 'ALPHACEM', concepts: ['Revenue'], ...quarter, cross_section: step });
    expect(exact.cross_section).toBeUndefined();
    expect(exact.facts.map((f) => f.company.nse_symbol)).toEqual(['ALPHACEM']);
    expect(exact.gaps).toContainEqual(
      expect.objectContaining({ subject: 'cross_section', message: expect.stringMatching(/filter route only/) }),
    );
  });

  it('reads at most max_rows rows, and says the count is a lower bound and where every row is', async () => {
    const { plan } = planQuestion('revenue of all companies in Q3 FY25');
    const packet = givenPacket(plan, { question: 'revenue of all companies in Q3 FY25', company: null });
    if (!plan.cross_section) throw new Error('the question plans a cross-section');
    await addCrossSection(harness.db, packet, plan.cross_section, { limit: 10, maxRows: 2 });
    expect(packet.cross_section).toMatchObject({ rows_read: 2, max_rows: 2, complete: false });
    expect(packet.gaps).toContainEqual(
      expect.objectContaining({ kind: 'missing', subject: 'cross_section', message: expect.stringMatching(/^Reading stopped at 2 rows/) }),
    );
    const text = writeAnswer(packet).text;
    expect(text).toMatch(/At least \d+ compan/);
    expect(text).toContain('The largest of the rows read');
    expect(text).toContain('GET /v1/cross-section?concept=Revenue&fiscal_year=2025&fiscal_quarter=3&period=quarterly&limit=2000');
  });
});
