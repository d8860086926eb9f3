import type { Projection } from '../src/platform/projector/projection.ts';
import { companiesProjection } from './companies/projection.ts';
import { factsProjection } from './facts/projection.ts';
import { filingsProjection } from './filings/projection.ts';
import { shareholdingProjection } from './shareholding/projection.ts';
import { disclosuresProjection } from './disclosures/projection.ts';
import { pricesProjection } from './prices/projection.ts';
import { corporateActionsProjection } from './corporate-actions/projection.ts';

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
