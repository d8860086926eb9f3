import type { PlanRoute } from '#schemas/query';
import type { QuestionReading } from './read-question.ts';

// Always about a fact's versions: "restated", "restatement(s)".
const RESTATED = /\brestat(?:e|ed|es|ing|ement|ements)\b/i;
// About versions only when figures are named ("revised revenue", "what changed in Q3 FY25
// revenue"): a "rating revision" or "what changed in the strategy" is narrative.
const REVISED =
  /\b(?:revis(?:e|ed|es|ing|ion|ions)|originally\s+reported|first\s+reported|earlier\s+(?:versions?|figures?|values?)|amended|corrected|what\s+changed|changed\s+(?:from|since))\b/i;
const NARRATIVE_SUBJECT = /\b(?:ratings?|guidance|outlook|strategy|targets?|policy|policies|management)\b/i;

/**
 * Whether the question asks about restatements or revisions of reported figures: "Was
 * ACC's Q3 FY25 revenue restated?", "Show ACC quarterly revenue restatements", "revised
 * profit of TCS in FY24". Read on the normalised question. Pure.
 */
export function asksForRestatements(q: QuestionReading): boolean {
  if (RESTATED.test(q.text)) return true;
  const figures = q.mentions.some((m) => m.source === 'concept') || q.period.fiscalYear !== null || q.period.period !== null;
  return figures && REVISED.test(q.text) && !NARRATIVE_SUBJECT.test(q.text);
}

/** A restatement question about a company reads its facts' version chains: a document search or a quote is not the answer. */
export function restatementRoute(route: PlanRoute, hasReference: boolean): PlanRoute {
  return hasReference && (route === 'semantic' || route === 'quote') ? 'exact' : route;
}
