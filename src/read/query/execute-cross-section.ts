import { CROSS_SECTION_MAX_ROWS, type CrossSectionStep, type EvidencePacket, type Gap, type RetrievalPlan } from '#schemas/query';
import type { Fact } from '#schemas/read-models';
import type { SqlExecutor } from '#platform/db';
import { Decimal } from '#platform/decimals';
import { conceptLabel } from '#read/phrases';
import { crossSectionPath, fetchCrossSection } from './fetch-cross-section.ts';
import { type OnStep, runStage, skipStage } from './steps.ts';
import { findRestatements } from './version-history.ts';

export interface CrossSectionOptions {
  readonly limit: number;
  readonly onStep?: OnStep | undefined;
  readonly signal?: AbortSignal | undefined;
  /** Most rows read; the bound of the research query unless a test makes it smaller. */
  readonly maxRows?: number | undefined;
}

/** Whether a plan runs a cross-section: its step, on the filter route. */
export const runsCrossSection = (plan: RetrievalPlan): boolean => plan.route === 'filter' && plan.cross_section !== undefined;

const BASIS_RANK: Readonly<Record<string, number>> = { consolidated: 0, standalone: 1 };

/** One figure a company: of its rows (a basis each, a period type each), consolidated first. */
function onePerCompany(facts: readonly Fact[]): Fact[] {
  const chosen = new Map<string, Fact>();
  for (const fact of facts) {
    const held = chosen.get(fact.company.id);
    if (!held || (BASIS_RANK[fact.basis] ?? 2) < (BASIS_RANK[held.basis] ?? 2)) chosen.set(fact.company.id, fact);
  }
  return [...chosen.values()];
}

/** Largest value first, exactly; ties in company order. */
const largestFirst = (facts: readonly Fact[]): Fact[] =>
  [...facts].sort((a, b) => new Decimal(b.value).cmp(a.value) || a.company.id.localeCompare(b.company.id));

function cutGap(maxRows: number, companies: number, path: string): Gap {
  return {
    kind: 'missing',
    subject: 'cross_section',
    message: `Reading stopped at ${maxRows.toLocaleString('en-IN')} rows (in company order), so at least ${companies.toLocaleString('en-IN')} companies had reported, and the figures listed are the largest of those rows only. Every row: GET ${path} (follow meta.next_cursor, or add format=parquet for one file).`,
  };
}

/** A company missing from the cross-section had not filed by then: absent, never a zero (a number word the check would refuse in prose). */
function absenceGap(step: CrossSectionStep, asOf: string | null): Gap {
  const filed = asOf === null ? 'has not filed' : 'had not filed';
  const by = asOf === null ? '' : ` by ${asOf}`;
  return {
    kind: 'absence_not_proven',
    subject: 'cross_section',
    message: `A company that ${filed} ${conceptLabel(step.concept)} for this period${by} is absent from the cross-section, not zero: its absence is not proof that it had none.`,
  };
}

/** Companies a caller's plan names beside its cross-section: they do not narrow it, and a gap says so. */
function namedCompanyGaps(plan: RetrievalPlan): Gap[] {
  const named = plan.references ?? (plan.reference === null ? [] : [plan.reference]);
  if (named.length === 0) return [];
  const names = named.map((name) => `'${name}'`).join(', ');
  return [{ kind: 'missing', subject: named.join(', '), message: `A cross-section covers every company: ${names} does not narrow it.` }];
}

/** The version chains of the listed facts whose value was restated, as known at the instant read. */
async function addListedRestatements(db: SqlExecutor, packet: EvidencePacket, asOf: string | null, limit: number): Promise<void> {
  for (const fact of packet.facts) {
    const plan = { ...packet.plan, basis: fact.basis, as_of: asOf, concepts: [fact.concept], restatements: false };
    const found = await findRestatements(db, fact.company, { plan, facts: [fact], metrics: [] }, limit);
    if (found.restatements.length > 0) packet.restatements = [...(packet.restatements ?? []), ...found.restatements];
  }
}

/**
 * Runs a plan's cross-section step into the packet: every company's fact of one concept and
 * period as known at the step's as_of (else the plan's), read through `crossSection` at most
 * `maxRows` rows. The packet's facts are the largest `limit` figures, one per company
 * (consolidated where both were filed and no basis was named); `cross_section` holds how many
 * companies had reported, whether the read was cut (a gap says so) and the full list's path.
 * A company that had not filed by then is absent, never zero.
 */
export async function addCrossSection(
  db: SqlExecutor,
  packet: EvidencePacket,
  step: CrossSectionStep,
  options: CrossSectionOptions,
): Promise<void> {
  const asOf = step.as_of ?? packet.plan.as_of;
  const maxRows = options.maxRows ?? CROSS_SECTION_MAX_ROWS;
  skipStage('resolving the company', options.onStep, 'a cross-section covers every company');
  packet.gaps.push(...namedCompanyGaps(packet.plan));
  const rows = await runStage(
    'fetching facts',
    options,
    () => fetchCrossSection(db, step, asOf, maxRows),
    (r) => ({ facts: r.facts.length, companies: new Set(r.facts.map((f) => f.company.id)).size }),
  );
  skipStage('computing metrics', options.onStep, 'a cross-section reads reported facts only');
  skipStage('screening', options.onStep, 'the route screens no companies');
  const figures = largestFirst(onePerCompany(rows.facts));
  const path = crossSectionPath(step, asOf);
  packet.facts = figures.slice(0, options.limit);
  packet.cross_section = {
    companies: figures.length,
    rows_read: rows.facts.length,
    max_rows: maxRows,
    complete: rows.complete,
    as_of: asOf,
    full_list: path,
  };
  packet.gaps.push(absenceGap(step, asOf));
  if (!rows.complete) packet.gaps.push(cutGap(maxRows, figures.length, path));
  await addListedRestatements(db, packet, asOf, options.limit);
  skipStage('searching documents', options.onStep, 'the route reads no documents');
}
