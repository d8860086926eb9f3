import { matchConcepts } from '#schemas/common';
import type { ConceptSearchHit } from '#schemas/read-models';
import { inexactScore } from './hit-score.ts';

/**
 * Concepts and metrics the query names, through the synonym dictionary. The identifier
 * typed as is ("ProfitAfterTax") is exact; a synonym scores by how much of the query it
 * covers: 0.95 for the whole query ("net profit"), down towards 0.5 for a word in a phrase.
 */
export function findConceptHits(query: string): ConceptSearchHit[] {
  return matchConcepts(query).map((match) => ({
    kind: 'concept',
    score: match.exact ? 1 : inexactScore(match.coverage === 1 ? 0.95 : 0.5 + 0.4 * match.coverage),
    match: match.exact ? 'exact' : 'synonym',
    title: match.label,
    concept_id: match.id,
    concept_kind: match.kind,
    matched_text: match.text,
  }));
}
