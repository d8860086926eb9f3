import { DERIVED_RATIOS, REPORTED_CONCEPTS, type FactConcept } from '#schemas/common';
import type { MetricId } from '#schemas/read-models';
import { InvalidRequestError } from '#platform/errors';
import { splitConceptIds } from '#read/query';

/** How to find a valid id, for an error the model can act on. */
export const VALID_IDS_HINT = [
  `Valid ids are the reported concepts (${REPORTED_CONCEPTS.join(', ')}), the face value per share (FaceValuePerShare),`,
  `the derived ratios (${DERIVED_RATIOS.join(', ')})`,
  'and <Concept>_growth for any reported concept (e.g. Revenue_growth).',
  'To map a word such as "sales" or "net profit" to an id, call search with kinds ["concept"].',
].join(' ');

/** Concept and metric ids sorted into reported concepts and metrics; any other id is an error naming how to find valid ones. */
export function requireMeasureIds(ids: readonly string[]): { reported: FactConcept[]; metrics: MetricId[] } {
  const { reported, metrics, unknown } = splitConceptIds(ids);
  if (unknown.length > 0) {
    const named = unknown.map((id) => `'${id}'`).join(', ');
    throw new InvalidRequestError(
      `${named} ${unknown.length === 1 ? 'is not a concept or metric id' : 'are not concept or metric ids'}. ${VALID_IDS_HINT}`,
    );
  }
  return { reported, metrics };
}

/** One measure: a reported concept or a derived metric. */
export function requireMeasureId(id: string): { kind: 'reported'; concept: FactConcept } | { kind: 'derived'; metric: MetricId } {
  const { reported, metrics } = requireMeasureIds([id]);
  if (reported[0] !== undefined) return { kind: 'reported', concept: reported[0] };
  return { kind: 'derived', metric: metrics[0] as MetricId };
}
