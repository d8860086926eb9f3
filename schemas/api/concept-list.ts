import { z } from 'zod';
import { DERIVED_RATIOS, REPORTED_CONCEPTS, type ReportedConcept } from '../common/concepts.ts';

const REPORTED = new Set<string>(REPORTED_CONCEPTS);
const DERIVED = new Set<string>(DERIVED_RATIOS);

/**
 * `concept=Revenue,ProfitAfterTax`: comma-separated reported concept identifiers, checked
 * one by one so a typo is named in the 422 rather than silently matching nothing.
 */
export const ConceptListParam = z
  .string()
  .max(2000)
  .superRefine((text, ctx) => {
    for (const concept of splitConcepts(text)) {
      if (REPORTED.has(concept)) continue;
      const hint = DERIVED.has(concept) || concept.endsWith('_growth') ? '; ratios and growth are served by /v1/financial-metrics' : '';
      ctx.addIssue({
        code: 'custom',
        message: `unknown concept '${concept}'`,
        params: {
          fastapi: {
            type: 'value_error',
            msg: `Value error, unknown concept '${concept}'${hint}; concepts are ${REPORTED_CONCEPTS.join(', ')}`,
            ctx: { error: `unknown concept '${concept}'` },
          },
        },
      });
    }
  })
  .describe(`Comma-separated concept identifiers: ${REPORTED_CONCEPTS.join(', ')}`);

export function splitConcepts(text: string): ReportedConcept[] {
  return text
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part.length > 0) as ReportedConcept[];
}
