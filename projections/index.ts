import type { Projection } from '#platform/projector';
import { companiesProjection } from '#projections/companies';
import { factsProjection } from '#projections/facts';
import { filingsProjection } from '#projections/filings';
import { shareholdingProjection } from '#projections/shareholding';
import { disclosuresProjection } from '#projections/disclosures';
import { pricesProjection } from '#projections/prices';
import { corporateActionsProjection } from '#projections/corporate-actions';

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
