import type { Projection } from '#platform/projector/projection';
import { companiesProjection } from '#projections/companies/projection';
import { factsProjection } from '#projections/facts/projection';
import { filingsProjection } from '#projections/filings/projection';
import { shareholdingProjection } from '#projections/shareholding/projection';
import { disclosuresProjection } from '#projections/disclosures/projection';
import { pricesProjection } from '#projections/prices/projection';
import { corporateActionsProjection } from '#projections/corporate-actions/projection';

/** Every read model the service serves, in the order the projector runs them. */
export const PROJECTIONS: readonly Projection[] = [
  companiesProjection,
  filingsProjection,
  factsProjection,
  shareholdingProjection,
  disclosuresProjection,
  pricesProjection,
  corporateActionsProjection,
];

export function findProjection(name: string): Projection | undefined {
  return PROJECTIONS.find((projection) => projection.name === name);
}
