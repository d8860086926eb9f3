import { type Gap, type RetrievalPlan, RetrievalPlanSchema } from '#schemas/query';
import { parseIsoDay } from '#platform/time';
import { buildCondition } from './build-condition.ts';
import { buildEventFields } from './build-event-fields.ts';
import { buildScreen } from './build-screen.ts';
import { buildSearchText, topicWords } from './build-search-text.ts';
import { chooseRoute } from './choose-route.ts';
import { collectConcepts, unsupportedNotes } from './collect-concepts.ts';
import { defaultPeriod } from './default-period.ts';
import { hasNarrativeCue, hasPluralCue, hasQuoteCue } from './question-cues.ts';
import { type QuestionReading, readQuestion } from './read-question.ts';
import { asksForRestatements, restatementRoute } from './restatement-cue.ts';
import { referenceNotes, referencesOf } from './references-plan.ts';
import { plannerGaps } from './planner-gaps.ts';
import { asksSequential, sequentialGrowth } from './sequential-growth.ts';
import { maskSpans } from './spans.ts';
import { type OwnershipChangeRead, readOwnershipChange } from './ownership-change.ts';
import { OWNERSHIP_FIELDS } from '#schemas/common';
import { readCrossSection } from './read-cross-section.ts';

export interface PlannerOptions {
  /** Today as YYYY-MM-DD, for "last quarter", "this year"; without it those mean the newest. */
  readonly today?: string;
}

/**
 * The plan, why it is so, what the question asks that the plan cannot fetch (gaps the answer
 * states), and for "top N" the number of companies (the plan has no limit field).
 */
export interface PlannerOutput {
  readonly plan: RetrievalPlan;
  readonly notes: string[];
  readonly gaps: Gap[];
  readonly limit?: number;
}

const validToday = (today: string | undefined, notes: string[]): string | undefined => {
  if (today === undefined || parseIsoDay(today)) return today;
  notes.push(`today "${today}" is not a YYYY-MM-DD date; relative periods read as the newest`);
  return undefined;
};

function routeOf(q: QuestionReading, condition: boolean, crossSection: boolean) {
  const concepts = q.mentions.some((m) => m.source === 'concept');
  // An event phrase is no quote cue: "insider trades at Emami" asks for disclosures.
  const quote =
    q.mentions.some((m) => m.source === 'market') ||
    hasQuoteCue(
      maskSpans(
        q.rest,
        q.events.mentions.map((m) => m.span),
      ),
    );
  const topic = topicWords(maskSpans(q.rest, q.mentions)).length > 0;
  return chooseRoute({
    reference: q.reference.reference !== null,
    concepts,
    comparisons: q.comparisons.length > 0,
    condition,
    ranking: q.ranking !== undefined,
    narrative: hasNarrativeCue(q.rest),
    quote,
    plural: hasPluralCue(q.rest),
    topic,
    crossSection,
  });
}

/**
 * A typed retrieval plan for a question, deterministically: no I/O, no model, no clock.
 * The company is only extracted as written (search resolves it later); docs/planner.md
 * describes each part. Always returns a plan valid under RetrievalPlanSchema.
 */
export function planQuestion(question: string, options: PlannerOptions = {}): PlannerOutput {
  const notes: string[] = [];
  const q = readQuestion(question, validToday(options.today, notes));
  const condition = buildCondition(q.comparisons);
  const restatements = asksForRestatements(q);
  const crossSectionRead = restatements ? undefined : readCrossSection(q);
  const route = restatements
    ? restatementRoute(routeOf(q, condition.condition !== null, false), q.reference.reference !== null)
    : routeOf(q, condition.condition !== null, crossSectionRead !== undefined);
  // Only the filter route runs a cross-section: a screen, a narrative or a quote cue won over it.
  const crossSection = route === 'filter' ? crossSectionRead : undefined;
  const screen = route === 'hybrid_screen' ? buildScreen(q.comparisons, q.ranking) : undefined;
  const references = route === 'hybrid_screen' ? undefined : referencesOf(q);
  const reference = route === 'hybrid_screen' ? null : (references?.[0] ?? q.reference.reference);
  const collected = route === 'quote' ? [] : collectConcepts(q.mentions, route === 'filter' ? condition.metric : null);
  // A screen keeps its growth filters (year on year), and a gap says so (sequentialScreen).
  const sequential = route === 'hybrid_screen' ? { concepts: collected, swapped: [] } : sequentialGrowth(q.text, collected);
  const concepts = sequential.concepts;
  // A condition on a growth the plan no longer asks for would compare the quarters' figures with a ratio.
  const swappedCondition = sequential.swapped.some((id) => `${id}_growth` === condition.metric);
  const conditionApplied = (route === 'filter' || route === 'hybrid') && !swappedCondition;
  const events = buildEventFields(route, q.events, concepts);
  const change = route === 'exact' ? ownershipChange(q, concepts, options.today) : undefined;
  // Every disclosure in a window ("What did ACC announce in August 2021?"): its month is days, no fiscal period.
  const windowOnly = events.fields.event_types.length === 0 && (events.fields.date_from !== null || events.fields.date_to !== null);
  const period = windowOnly ? { fiscalYear: null, fiscalQuarter: null, period: null, latest: false } : q.period;
  const plan = RetrievalPlanSchema.parse({
    route,
    reference,
    concepts,
    fiscal_year: change?.to ? change.to.fiscalYear : period.fiscalYear,
    fiscal_quarter: change?.to ? change.to.quarter : period.fiscalQuarter,
    period: change?.to ? 'quarterly' : (period.period ?? defaultPeriod(period.latest && route !== 'quote', concepts)),
    basis: q.basis.basis,
    as_of: q.asOf.asOf,
    condition: conditionApplied ? condition.condition : null,
    search_text: route === 'semantic' || route === 'hybrid' ? buildSearchText(q.rest) : null,
    filters: screen?.filters ?? [],
    sort: screen?.sort ?? null,
    ...(references ? { references } : {}),
    ...(conditionApplied && condition.more.length > 0 ? { conditions: condition.more } : {}),
    ...(restatements ? { restatements } : {}),
    ...(route === 'quote' && q.priceDay.day !== null ? { price_date: q.priceDay.day } : {}),
    ...(change ? { change_from: change.from } : {}),
    ...(crossSection ? { cross_section: crossSection.step } : {}),
    ...events.fields,
  });
  notes.push(...explain(q, plan, condition.notes, screen?.notes ?? []), ...events.notes, ...(change?.notes ?? []));
  notes.push(...(crossSection?.notes ?? []));
  const leftOut = route === 'hybrid_screen' ? (screen?.leftOut ?? []) : route === 'filter' || route === 'hybrid' ? condition.leftOut : [];
  const gaps = [...plannerGaps(q.mentions, leftOut, sequential.swapped, sequentialScreen(q.text, plan)), ...(crossSection?.gaps ?? [])];
  return screen?.limit === undefined ? { plan, notes, gaps } : { plan, notes, gaps, limit: screen.limit };
}

const OWNERSHIP = new Set<string>(OWNERSHIP_FIELDS);

/** A change between two shareholding patterns, when the question asks only for ownership fields. */
function ownershipChange(q: QuestionReading, concepts: readonly string[], today: string | undefined): OwnershipChangeRead | undefined {
  if (concepts.length === 0 || !concepts.every((id) => OWNERSHIP.has(id))) return undefined;
  return readOwnershipChange(maskSpans(q.text, [...q.priceDay.spans, ...q.asOf.spans, ...q.events.window.spans]), today);
}

/** A screen on growth asked quarter on quarter: its growth is year on year, and the answer must say so. */
const sequentialScreen = (text: string, plan: RetrievalPlan): boolean =>
  asksSequential(text) && [...plan.filters.map((f) => f.metric), plan.sort?.replace(/^-/, '') ?? ''].some((id) => id.endsWith('_growth'));

function explain(q: QuestionReading, plan: RetrievalPlan, conditionNotes: readonly string[], screenNotes: readonly string[]): string[] {
  const notes = [`route: ${plan.route}`];
  if (q.reference.reference !== null) {
    notes.push(
      plan.reference === null
        ? `"${q.reference.reference}" not used: a screen covers all companies`
        : `reference: "${plan.reference}" as written; resolved later by search`,
    );
  }
  if (plan.reference !== null) notes.push(...referenceNotes(q, plan));
  if (plan.price_date) notes.push(...q.priceDay.notes);
  // A month read as days of a window is no period (windowOnly): its period notes would not hold.
  const periodNotes = plan.date_from === null && plan.date_to === null ? q.period.notes : [];
  notes.push(...periodNotes, ...q.asOf.notes, ...q.basis.notes, ...unsupportedNotes(q.mentions));
  notes.push(...(plan.route === 'hybrid_screen' ? screenNotes : conditionNotes));
  if (q.ranking && plan.route !== 'hybrid_screen') notes.push('ranking left out: only screens over companies are sorted');
  if (plan.restatements) notes.push('restatements: the facts are read with their earlier versions');
  if (plan.search_text !== null) notes.push(`search_text: "${plan.search_text}"`);
  return notes;
}
