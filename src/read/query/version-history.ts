import { listRestatedVersions } from '#projections/facts';
import type { EvidencePacket, Gap, RetrievalPlan, Restatement } from '#schemas/query';
import type { CompanyIdentity, Fact, FactVersion } from '#schemas/read-models';
import type { SqlExecutor } from '#platform/db';
import { splitPlanConcepts } from './fetch-facts.ts';

interface KeyOf {
  readonly company: { readonly id: string };
  readonly concept: string;
  readonly basis: string;
  readonly period: { readonly type: string; readonly end: string };
}
const keyOf = (k: KeyOf) => `${k.company.id}|${k.concept}|${k.basis}|${k.period.type}|${k.period.end}`;

/** Versions (as the query orders them: by key, oldest first) as one restatement per key. */
function chainsOf(versions: readonly FactVersion[]): Restatement[] {
  const chains = new Map<string, Restatement>();
  for (const v of versions) {
    const { company, concept, basis, period, ...version } = v;
    const chain = chains.get(keyOf(v)) ?? { company, concept, basis, period, versions: [] };
    chain.versions.push(version);
    chains.set(keyOf(v), chain);
  }
  return [...chains.values()];
}

/** The fact in force of a chain: its last version. */
function currentFact(chain: Restatement): Fact | undefined {
  const last = chain.versions.at(-1);
  if (!last) return undefined;
  const { value, unit, decimals, scale, filing_id, document_type, source_url, element, known_at, recorded_at, revision_number } = last;
  const { company, concept, basis, period } = chain;
  return {
    company,
    concept,
    basis,
    period,
    value,
    unit,
    decimals,
    scale,
    filing_id,
    document_type,
    source_url,
    element,
    known_at,
    recorded_at,
    revision_number,
  };
}

/** The plan's period kind: quarterly questions read quarters and balances, annual ones years and year-end balances. */
function inPlanPeriodType(plan: RetrievalPlan, chain: Restatement): boolean {
  const type = chain.period.type;
  switch (plan.period) {
    case 'quarterly':
      return type === 'quarterly' || type === 'instant';
    case 'annual':
      return type === 'annual' || (type === 'instant' && chain.period.fiscal_quarter === 4);
    case 'instant':
      return type === 'instant';
    case 'any':
      return true;
  }
}

export interface FoundRestatements {
  readonly restatements: Restatement[];
  /** For a restatement question: the restated facts in force, which the answer states; undefined otherwise. */
  readonly facts?: Fact[];
  readonly gaps: Gap[];
}

const asOfWords = (plan: RetrievalPlan) => (plan.as_of ? ` as known at ${plan.as_of}` : '');

/**
 * The restatements behind one company's part of a packet, as known at the plan's as_of: the
 * version chains of its facts and of its metrics' inputs whose value changed. For a
 * restatement question (plan.restatements) every restated fact of the concepts and period
 * asked (every concept when none is named), up to `limit`, and the facts become the restated
 * ones; when none was restated the facts stay, with a gap saying that no earlier version is
 * recorded (not proof that none was filed).
 */
export async function findRestatements(
  db: SqlExecutor,
  company: CompanyIdentity,
  packet: Pick<EvidencePacket, 'plan' | 'facts' | 'metrics'>,
  limit: number,
): Promise<FoundRestatements> {
  const { plan } = packet;
  const asked = plan.restatements === true;
  const inputs = packet.metrics.flatMap((m) =>
    m.company.id === company.id ? m.inputs.map((i) => ({ company: m.company, concept: i.concept, basis: m.basis, period: i.period })) : [],
  );
  const facts = packet.facts.filter((f) => f.company.id === company.id);
  const named = splitPlanConcepts(plan).reported;
  const concepts =
    asked && plan.concepts.length === 0
      ? undefined
      : [...new Set([...named, ...facts.map((f) => f.concept), ...inputs.map((i) => i.concept)])];
  if (concepts?.length === 0) return { restatements: [], gaps: [] };
  const versions = await listRestatedVersions(db, {
    companyId: company.id,
    concepts,
    basis: plan.basis,
    asOf: plan.as_of,
    ...(asked ? { fiscalYear: plan.fiscal_year, fiscalQuarter: plan.fiscal_quarter } : {}),
  });
  const chains = chainsOf(versions);
  if (!asked) {
    const stated = new Set([...facts, ...inputs].map(keyOf));
    return { restatements: chains.filter((c) => stated.has(keyOf(c))), gaps: [] };
  }
  const restated = chains.filter((c) => inPlanPeriodType(plan, c)).slice(0, limit);
  if (restated.length === 0) {
    const gap: Gap = {
      kind: 'absence_not_proven',
      subject: 'restatements',
      message: `No earlier version with another value is recorded for the ${plan.basis} figures asked${asOfWords(plan)}; that is not proof that none was filed, only that none ingested here was.`,
    };
    return { restatements: [], gaps: [gap] };
  }
  return { restatements: restated, facts: restated.map(currentFact).filter((f) => f !== undefined), gaps: [] };
}

/** Adds a company's restatements to the packet (and, for a restatement question, makes its facts the restated ones). */
export async function addRestatements(db: SqlExecutor, packet: EvidencePacket, company: CompanyIdentity, limit: number): Promise<void> {
  const found = await findRestatements(db, company, packet, limit);
  if (found.facts) packet.facts = [...packet.facts.filter((f) => f.company.id !== company.id), ...found.facts];
  if (found.restatements.length > 0 || packet.plan.restatements)
    packet.restatements = [...(packet.restatements ?? []), ...found.restatements];
  packet.gaps.push(...found.gaps);
}
