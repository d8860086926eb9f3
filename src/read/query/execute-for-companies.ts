import type { EvidencePacket, Gap, RetrievalPlan, CompanyResolution } from '#schemas/query';
import type { SqlExecutor } from '#platform/db';
import { companyPhrase } from '#read/phrases';
import { type OnStep, STAGES, type StepReport } from './steps.ts';
import { runsCrossSection } from './execute-cross-section.ts';

type Run = { question: string; plan: RetrievalPlan; plannedBy: 'planner' | 'caller' };
type Options = { readonly limit: number; readonly onStep?: OnStep | undefined; readonly signal?: AbortSignal | undefined };
type ExecuteOne = (db: SqlExecutor, run: Run, options: Options) => Promise<EvidencePacket>;

/** The companies a plan names, in order, once each: `reference`, then `references`. */
export function companiesOf(plan: RetrievalPlan): string[] {
  const all = [plan.reference, ...(plan.references ?? [])].filter((r): r is string => r !== null);
  return [...new Map(all.map((r) => [r.trim().toLowerCase(), r])).values()];
}

/** A plan that compares companies: a screen or a cross-section covers every company, so it compares none. */
export const comparesCompanies = (plan: RetrievalPlan): boolean =>
  plan.route !== 'hybrid_screen' && !runsCrossSection(plan) && companiesOf(plan).length > 1;

/** The plan for one company of the comparison. */
function planFor(plan: RetrievalPlan, reference: string): RetrievalPlan {
  const single: RetrievalPlan = { ...plan, reference };
  delete single.references;
  return single;
}

/** One report per stage, in stage order: counts and time summed, failed if any failed, done if any ran. */
function mergedSteps(reports: readonly StepReport[]): StepReport[] {
  return STAGES.flatMap((stage) => {
    const of = reports.filter((r) => r.stage === stage);
    if (of.length === 0) return [];
    const status = of.some((r) => r.status === 'failed') ? 'failed' : of.some((r) => r.status === 'done') ? 'done' : 'skipped';
    const counts: Record<string, number> = {};
    for (const r of of) for (const [k, n] of Object.entries(r.counts)) counts[k] = (counts[k] ?? 0) + n;
    const details = [...new Set(of.flatMap((r) => (r.detail ? [r.detail] : [])))];
    const elapsed = of.reduce((sum, r) => sum + r.elapsed_ms, 0);
    return [{ stage, status, elapsed_ms: elapsed, counts, ...(details.length > 0 ? { detail: details.join('; ') } : {}) }];
  });
}

const SHARED_GAPS = new Set<Gap['kind']>(['unavailable', 'ambiguous', 'unresolved']);

/** A company's gaps, each saying which company it is about; dataset gaps and resolution gaps already do. */
function gapsOf(packet: EvidencePacket, reference: string): Gap[] {
  const label = packet.company ? companyPhrase(packet.company) : `'${reference}'`;
  return packet.gaps.map((g) => (SHARED_GAPS.has(g.kind) ? g : { ...g, message: `${label}: ${g.message}` }));
}

/** The extensions each company's packet may hold, side by side: present when any packet has them. */
function mergedExtensions(packets: readonly EvidencePacket[]): Partial<EvidencePacket> {
  const quotes = packets.flatMap((p) => (p.quote ? [p.quote] : []));
  const lists = {
    restatements: packets.flatMap((p) => p.restatements ?? []),
    corporate_actions: packets.flatMap((p) => p.corporate_actions ?? []),
    market_cap: packets.flatMap((p) => p.market_cap ?? []),
    ownership: packets.flatMap((p) => p.ownership ?? []),
    ownership_changes: packets.flatMap((p) => p.ownership_changes ?? []),
  };
  const present = (key: keyof typeof lists) => packets.some((p) => p[key] !== undefined);
  return {
    ...(quotes.length > 0 ? { quotes } : {}),
    ...Object.fromEntries(Object.entries(lists).filter(([key]) => present(key as keyof typeof lists))),
  };
}

function merge(plan: RetrievalPlan, references: readonly string[], packets: readonly EvidencePacket[]): EvidencePacket {
  const first = packets[0] as EvidencePacket;
  const passages = [...new Map(packets.flatMap((p) => p.passages).map((p) => [`${p.kind}|${p.id}`, p])).values()];
  const gaps = [...new Map(packets.flatMap((p, i) => gapsOf(p, references[i] ?? '')).map((g) => [g.message, g])).values()];
  const companies: CompanyResolution[] = packets.map((p, i) => ({
    reference: references[i] ?? '',
    company: p.company,
    candidates: p.candidates,
  }));
  return {
    ...first,
    plan,
    facts: packets.flatMap((p) => p.facts),
    metrics: packets.flatMap((p) => p.metrics),
    passages,
    gaps,
    companies,
    ...mergedExtensions(packets),
  };
}

/**
 * Runs a plan that compares several companies (plan.references) once per company, each
 * with the same concepts, period, basis and as_of, and merges the packets side by side:
 * facts, metrics and passages of every company (each carries its company), what each
 * reference resolved to in `companies`, and each company's gaps naming it. One that does
 * not resolve is a gap, never dropped; `company` and `candidates` are the first's. The steps
 * are reported once per stage, in order, after every company ran.
 */
export async function executeForCompanies(db: SqlExecutor, run: Run, options: Options, executeOne: ExecuteOne): Promise<EvidencePacket> {
  const references = companiesOf(run.plan);
  const reports: StepReport[] = [];
  const packets: EvidencePacket[] = [];
  try {
    for (const reference of references) {
      packets.push(await executeOne(db, { ...run, plan: planFor(run.plan, reference) }, { ...options, onStep: (s) => reports.push(s) }));
    }
  } finally {
    for (const step of mergedSteps(reports)) options.onStep?.(step);
  }
  return merge(run.plan, references, packets);
}
