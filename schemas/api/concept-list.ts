import { z } from 'zod';
import { DERIVED_RATIOS, FACT_CONCEPTS, type FactConcept } from '#schemas/common';

const REPORTED = new Set<string>(FACT_CONCEPTS);
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
      if (!REPORTED.has(concept)) ctx.addIssue(unknownConcept(concept));
    }
  })
  .describe(`Comma-separated concept identifiers: ${FACT_CONCEPTS.join(', ')}`);

/** `concept=Revenue`: one reported concept identifier, a typo named in the 422 as above. */
export const ReportedConceptParam = z
  .string()
  .max(60)
  .superRefine((text, ctx) => {
    if (!REPORTED.has(text.trim())) ctx.addIssue(unknownConcept(text.trim()));
  })
  .describe(
    `One reported concept identifier: ${FACT_CONCEPTS.join(', ')}. Derived ratios have no filing of their own: trace their input concepts`,
  );

function unknownConcept(concept: string) {
  const hint = DERIVED.has(concept) || concept.endsWith('_growth') ? '; ratios and growth are served by /v1/financial-metrics' : '';
  return {
    code: 'custom' as const,
    message: `unknown concept '${concept}'`,
    params: {
      fastapi: {
        type: 'value_error',
        msg: `Value error, unknown concept '${concept}'${hint}; concepts are ${FACT_CONCEPTS.join(', ')}`,
        ctx: { error: `unknown concept '${concept}'` },
      },
    },
  };
}

export function splitConcepts(text: string): FactConcept[] {
  return text
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part.length > 0) as FactConcept[];
}
