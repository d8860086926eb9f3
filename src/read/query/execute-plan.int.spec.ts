import { expect, it } from 'vitest';
import { EvidencePacketSchema } from '#schemas/query/evidence';
import { type RetrievalPlanInput, RetrievalPlanSchema } from '#schemas/query/plan';
import { describeEachDatabase } from '../../../test/support/databases.ts';
import { givenIngestion } from '../../../test/support/ingestion-harness.ts';
import { executePlan } from './execute-plan.ts';
import type { StepReport } from './steps.ts';

describeEachDatabase('executing retrieval plans on the sample', (database) => {
  const service = givenIngestion(database, {}, { sample: true });

  const run = async (plan: RetrievalPlanInput, question = 'test question') => {
    const steps: StepReport[] = [];
    const packet = await executePlan(
      service.harness.db,
      { question, plan: RetrievalPlanSchema.parse(plan), plannedBy: 'caller' },
      { limit: 10, onStep: (step) => steps.push(step) },
    );
    return { packet: EvidencePacketSchema.parse(packet), steps };
  };

  it('exact: the named facts of one company, as of a time, with provenance', async () => {
    const plan: RetrievalPlanInput = {
      route: 'exact',
      reference: 'ACC',
      concepts: ['Revenue'],
      fiscal_year: 2025,
      fiscal_quarter: 3,
      period: 'quarterly',
    };
    const now = await run(plan);
    expect(now.packet.company).toMatchObject({ nse_symbol: 'ACC' });
    expect(now.packet.facts.map((f) => [f.concept, f.period.end, f.value])).toEqual([['Revenue', '2024-12-31', '59273800000']]);
    expect(now.packet.facts[0]?.source_url).toMatch(/^https:\/\/nsearchives\.nseindia\.com\//);
    const before = await run({ ...plan, as_of: '2025-01-29T00:00:00Z' });
    expect(before.packet.facts.map((f) => f.value)).toEqual(['52072900000']);
    expect(now.steps.map((s) => `${s.stage}:${s.status}`)).toEqual([
      'resolving the company:done',
      'fetching facts:done',
      'computing metrics:done',
      'screening:skipped',
      'searching documents:skipped',
    ]);
  });

  it('exact: ratios are computed as of the plan, and a missing one is a gap', async () => {
    const { packet } = await run({
      route: 'exact',
      reference: 'INFY',
      concepts: ['return_on_equity', 'Revenue_growth'],
      fiscal_year: 2024,
    });
    expect(packet.metrics.find((m) => m.metric === 'return_on_equity')?.value).toBe('0.296718');
    expect(packet.gaps.map((g) => g.subject)).toContain('Revenue_growth');
  });

  it('an ambiguous or unknown name gives candidates and a gap, never a pick', async () => {
    const { packet } = await run({ route: 'exact', reference: 'Tata Consultancy', concepts: ['Revenue'] });
    expect(packet.company).toBeNull();
    expect(packet.candidates.map((c) => c.company.nse_symbol)).toContain('TCS');
    expect(packet.facts).toEqual([]);
    expect(packet.gaps.find((g) => g.kind === 'ambiguous')).toMatchObject({ subject: 'Tata Consultancy' });
    // A bare ticker is an identifier, in any case: 'reliance' is NSE:RELIANCE exactly.
    expect((await run({ route: 'exact', reference: 'reliance', concepts: ['Revenue'] })).packet.company?.nse_symbol).toBe('RELIANCE');
    const unknown = await run({ route: 'exact', reference: 'Qwxzyv', concepts: ['Revenue'] });
    expect(unknown.packet.gaps.map((g) => g.kind)).toContain('unresolved');
  });

  it('filter: the periods whose value meets the condition, in the value unit', async () => {
    // ACC's quarterly consolidated revenue: above 5,000 crore only in some quarters.
    const { packet } = await run({
      route: 'filter',
      reference: 'ACC',
      concepts: ['Revenue'],
      period: 'quarterly',
      condition: { operator: '>', value: '5500', unit: 'crore' },
    });
    expect(packet.facts.length).toBeGreaterThan(0);
    expect(packet.facts.every((f) => BigInt(f.value) > 55_000_000_000n)).toBe(true);
  });

  it('semantic: passages from filings and announcements; nothing found is stated as not proof of absence', async () => {
    const { packet } = await run({ route: 'semantic', search_text: 'credit rating' });
    expect(packet.passages.length).toBeGreaterThan(0);
    expect(packet.passages[0]?.snippet).toMatch(/\*\*/);
    const none = await run({ route: 'semantic', search_text: 'xylophone marmalade' });
    expect(none.packet.gaps.map((g) => g.kind)).toContain('absence_not_proven');
  });

  it('hybrid_screen: companies by predicates, evaluated by the database', async () => {
    const { packet, steps } = await run({
      route: 'hybrid_screen',
      filters: [{ metric: 'promoter_pct', operator: '>=', value: 56 }],
      sort: '-promoter_pct',
    });
    const rows = packet.screen?.rows ?? [];
    expect(rows.map((r) => r.company.nse_symbol)).toContain('ACC');
    const values = rows.map((r) => Number(r.values.promoter_pct));
    expect(values).toEqual([...values].sort((a, b) => b - a));
    expect(steps.find((s) => s.stage === 'screening')?.status).toBe('done');
    const ranked = await run({ route: 'hybrid_screen', sort: '-promoter_pct' });
    expect(ranked.packet.screen?.rows.length).toBeGreaterThan(2);
    const bad = await run({ route: 'hybrid_screen', filters: [{ metric: 'happiness', operator: '>', value: 1 }] });
    expect(bad.packet.gaps.map((g) => g.kind)).toContain('failed');
  });

  it('hybrid_screen as of a time: nothing filed later is used', async () => {
    const filters = [{ metric: 'net_margin', operator: '>', value: 0.15 }] as const;
    const now = await run({ route: 'hybrid_screen', filters: [...filters] });
    expect(now.packet.screen?.rows.map((r) => r.company.nse_symbol)).toEqual(
      expect.arrayContaining(['BAJFINANCE', 'HDFCBANK', 'INFY', 'TCS']),
    );
    expect(now.packet.screen?.as_of).toBeNull();
    // The sample's results were filed from 2023 on: as of 2020 no margin was known.
    const before = await run({ route: 'hybrid_screen', filters: [...filters], as_of: '2020-01-01T00:00:00Z' });
    expect(before.packet.screen).toMatchObject({ as_of: '2020-01-01T00:00:00.000Z', total: 0, rows: [] });
    const april = await run({ route: 'hybrid_screen', filters: [...filters], as_of: '2024-04-15T00:00:00Z' });
    for (const row of april.packet.screen?.rows ?? []) expect((row.periods[0]?.known_at ?? '') <= '2024-04-15T00:00:00.000Z').toBe(true);
    expect(april.packet.screen?.rows.find((r) => r.company.nse_symbol === 'TCS')?.periods[0]?.fiscal_year).toBe(2024);
  });

  it('states thin coverage: few period ends, or no documents, for the company', async () => {
    // RELIANCE's sample results are four quarterly filings; HCLTECH has shareholding only.
    const thin = await run({ route: 'hybrid', reference: 'HCLTECH', concepts: ['Revenue'], search_text: 'results' });
    expect(thin.packet.gaps.filter((g) => g.kind === 'thin').map((g) => g.subject)).toEqual(['financials']);
    expect(thin.packet.gaps.find((g) => g.subject === 'financials')?.message).toMatch(/cover no period ends/);
    const covered = await run({ route: 'exact', reference: 'ACC', concepts: ['Revenue'] });
    expect(covered.packet.gaps.filter((g) => g.kind === 'thin')).toEqual([]);
  });

  it('quote: the latest price of the company', async () => {
    const { packet } = await run({ route: 'quote', reference: 'RELIANCE' });
    expect(packet.quote).toMatchObject({ last_price: '1914.25' });
  });

  it('stops when the run is cancelled', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(
      executePlan(
        service.harness.db,
        { question: 'q', plan: RetrievalPlanSchema.parse({ route: 'exact', reference: 'ACC' }), plannedBy: 'caller' },
        { limit: 5, signal: controller.signal },
      ),
    ).rejects.toThrow(/cancelled/);
  });
});
