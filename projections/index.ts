import type { Projection } from '../src/projector/projection.ts';
import { companiesProjection } from './companies/projection.ts';
import { factsProjection } from './facts/projection.ts';
import { filingsProjection } from './filings/projection.ts';

/** Every read model the service serves, in the order the projector runs them. */
export const PROJECTIONS: readonly Projection[] = [companiesProjection, filingsProjection, factsProjection];

export function findProjection(name: string): Projection | undefined {
  return PROJECTIONS.find((projection) => projection.name === name);
}
