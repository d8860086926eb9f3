import type { EvidencePacket, Gap, RetrievalPlan } from '#schemas/query';
import type { CompanyIdentity } from '#schemas/read-models';
import type { SqlExecutor } from '#platform/db';
import { DATASETS, type DatasetName, checkDataset, findDataset } from '#read/datasets';
import { screenCompanies } from '#read/screening';
import { ScreenRequestError } from '#platform/errors';
import { coverageGaps } from './coverage-gaps.ts';
import { fetchMetrics, fetchReportedFacts } from './fetch-facts.ts';
import { findPlanPassages } from './find-plan-passages.ts';
import { fetchOwnership } from './fetch-ownership.ts';
import { resolveReference } from '#read/search';
import { type OnStep, runStage, skipStage } from './steps.ts';
import { comparesCompanies, executeForCompanies } from './execute-for-companies.ts';
import { joinNamesWithAnd } from './names-with-and.ts';
import { addRestatements } from './version-history.ts';
import { fetchCorporateActions } from './fetch-corporate-actions.ts';
import { asksCorporateActions } from './corporate-action-events.ts';
import { fetchPlanQuote } from './fetch-plan-quote.ts';
import { addCrossSection, runsCrossSection } from './execute-cross-section.ts';

export interface RunOptions {
  readonly limit: number;
  readonly onStep?: OnStep | undefined;
  readonly signal?: AbortSignal | undefined;
}

const NEEDS_COMPANY = new Set<RetrievalPlan['route']>(['exact', 'filter', 'hybrid', 'quote']);
const WANTS_FACTS = new Set<RetrievalPlan['route']>(['exact', 'filter', 'hybrid']);
const WANTS_PASSAGES = new Set<RetrievalPlan['route']>(['semantic', 'hybrid']);

const DATASETS_OF: Record<RetrievalPlan['route'], DatasetName[]> = {
  exact: ['companies', 'financials'],
  filter: ['companies', 'financials'],
  semantic: ['filings', 'events'],
  hybrid: ['companies', 'financials', 'filings', 'events'],
  hybrid_screen: ['companies', 'financials'],
  quote: ['companies', 'prices'],
};

async function datasetGaps(db: SqlExecutor, route: RetrievalPlan['route']): Promise<Gap[]> {
  const gaps: Gap[] = [];
  for (const name of DATASETS_OF[route]) {
    if (!DATASETS.some((d) => d.name === name)) continue;
    const status = await checkDataset(db, findDataset(name));
    if (!status.available)
      gaps.push({ kind: 'unavailable', subject: name, message: `The ${name} dataset is unavailable: ${status.reason ?? 'unknown'}.` });
  }
  return gaps;
}

// Below any value a metric takes: "has a value" as a predicate.
const LOWEST = `-1${'0'.repeat(30)}`;

/** A ranking without conditions ("top 10 by market cap") screens the companies that have the metric. */
function screenFilters(plan: RetrievalPlan): RetrievalPlan['filters'] {
  if (plan.filters.length > 0 || !plan.sort) return plan.filters;
  return [{ metric: plan.sort.replace(/^-/, ''), operator: '>', value: LOWEST }];
}

/**
 * Runs a plan against the read tables and collects the evidence packet: the company (or
 * the candidates), facts and metrics as of the plan's `as_of`, screen results, the quote,
 * passages, and the gaps; or, for a cross-section (filter route), every company's fact of one
 * concept and period (execute-cross-section.ts). Only the query modules are used; nothing here writes.
 */
export async function executePlan(
  db: SqlExecutor,
  run: { question: string; plan: RetrievalPlan; plannedBy: 'planner' | 'caller' },
  options: RunOptions,
): Promise<EvidencePacket> {
  const plan = run.plannedBy === 'planner' ? await joinNamesWithAnd(db, run.question, run.plan) : run.plan;
  if (plan !== run.plan) return executePlan(db, { ...run, plan }, options);
  if (comparesCompanies(plan)) return executeForCompanies(db, run, options, executePlan);
  const gaps: Gap[] = await datasetGaps(db, plan.route);
  let company: CompanyIdentity | null = null;
  const packet: EvidencePacket = {
    question: run.question,
    plan,
    planned_by: run.plannedBy,
    company: null,
    candidates: [],
    facts: [],
    metrics: [],
    screen: null,
    quote: null,
    passages: [],
    gaps,
  };

  if (plan.cross_section && runsCrossSection(plan)) {
    await addCrossSection(db, packet, plan.cross_section, options);
    return packet;
  }
  if (plan.cross_section)
    gaps.push({
      kind: 'missing',
      subject: 'cross_section',
      message: `A cross-section is run on the filter route only, not on ${plan.route}.`,
    });

  if (plan.reference) {
    const resolved = await runStage(
      'resolving the company',
      options,
      () => resolveReference(db, plan.reference ?? '', plan.as_of, { byName: true }),
      (r) => ({ companies: r.company ? 1 : 0, candidates: r.candidates.length }),
    );
    company = resolved.company;
    packet.company = company;
    packet.candidates = resolved.candidates;
    gaps.push(...resolved.gaps);
    if (company)
      gaps.push(...(await coverageGaps(db, company, { facts: WANTS_FACTS.has(plan.route), documents: WANTS_PASSAGES.has(plan.route) })));
  } else {
    skipStage('resolving the company', options.onStep, 'the question names no company');
    if (NEEDS_COMPANY.has(plan.route)) gaps.push({ kind: 'unresolved', subject: null, message: 'The question names no company.' });
  }

  if (WANTS_FACTS.has(plan.route) && company) {
    const companyId = company.id;
    // Shareholding patterns are fetched with the facts, and counted with them in the stream.
    const { facts, ownership } = await runStage(
      'fetching facts',
      options,
      async () => ({
        facts: await fetchReportedFacts(db, companyId, plan, options.limit),
        ownership: await fetchOwnership(db, companyId, plan, options.limit),
      }),
      (f) => ({
        facts: f.facts.items.length,
        ...(f.ownership.items.length > 0 ? { shareholding_patterns: f.ownership.items.length } : {}),
      }),
    );
    const metrics = await runStage(
      'computing metrics',
      options,
      () => fetchMetrics(db, companyId, plan, options.limit),
      (m) => ({ metrics: m.items.length }),
    );
    packet.facts = facts.items;
    packet.metrics = metrics.items;
    if (ownership.items.length > 0) packet.ownership = ownership.items;
    if (ownership.changes) packet.ownership_changes = ownership.changes;
    gaps.push(...facts.gaps, ...metrics.gaps, ...ownership.gaps);
    await addRestatements(db, packet, company, options.limit);
  } else {
    skipStage('fetching facts', options.onStep, WANTS_FACTS.has(plan.route) ? 'no company to fetch facts for' : 'the route needs no facts');
    skipStage('computing metrics', options.onStep, 'no facts fetched');
  }

  if (plan.route === 'hybrid_screen') {
    try {
      const filters = screenFilters(plan);
      if (filters.length === 0) {
        skipStage('screening', options.onStep, 'the screen has no conditions and no sort');
        gaps.push({ kind: 'missing', subject: 'filters', message: 'The screen has no conditions to apply.' });
      } else {
        packet.screen = await runStage(
          'screening',
          options,
          () => screenCompanies(db, { filters, sort: plan.sort ?? undefined, limit: options.limit, asOf: plan.as_of }),
          (s) => ({ companies: s.rows.length, total: s.total }),
        );
      }
    } catch (error) {
      if (!(error instanceof ScreenRequestError)) throw error;
      gaps.push({ kind: 'failed', subject: 'screening', message: error.message });
    }
  } else {
    skipStage('screening', options.onStep, 'the route screens no companies');
  }

  if (plan.route === 'quote' && company) {
    const prices = await fetchPlanQuote(db, company, plan);
    packet.quote = prices.quote;
    if (prices.marketCap) packet.market_cap = [prices.marketCap];
    gaps.push(...prices.gaps);
  }

  if (asksCorporateActions(plan) && company && plan.route !== 'hybrid_screen') {
    const actions = await fetchCorporateActions(db, company.id, plan, options.limit);
    packet.corporate_actions = actions.items;
    gaps.push(...actions.gaps);
  }

  if (WANTS_PASSAGES.has(plan.route)) {
    const found = await runStage(
      'searching documents',
      options,
      () => findPlanPassages(db, { question: run.question, plan, company }, options.limit),
      (p) => ({ passages: p.items.length }),
    );
    packet.passages = found.items;
    gaps.push(...found.gaps);
  } else {
    skipStage('searching documents', options.onStep, 'the route reads no documents');
  }
  return packet;
}
