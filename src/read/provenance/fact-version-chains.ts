import type { Fact, FactFieldChange, FactVersion } from '#schemas/read-models';
import { factVersionChanges } from './fact-version-changes.ts';

/** A version with exactly what it changed from the one before. */
export type ChainedVersion = FactVersion & { readonly changes: FactFieldChange[] };

/** The versions of one fact key, oldest first, and the one in force. */
export interface FactVersionChain {
  readonly period: Fact['period'];
  readonly versions: readonly ChainedVersion[];
  readonly current: ChainedVersion;
}

/**
 * Versions of the facts of one concept, basis and period end (as `listFactVersions` gives
 * them: by period type, each oldest first) as one chain per period type. The version in
 * force is the last of its chain: versions are ordered by (known_at, filing id), so of
 * versions that share a known_at the last wins, as in the read table; under as_of the
 * query gives only the versions knowable then.
 */
export function factVersionChains(versions: readonly FactVersion[]): FactVersionChain[] {
  const byType = new Map<string, ChainedVersion[]>();
  for (const version of versions) {
    const chain = byType.get(version.period.type) ?? [];
    const before = chain.at(-1);
    chain.push({ ...version, changes: before ? factVersionChanges(before, version) : [] });
    byType.set(version.period.type, chain);
  }
  return [...byType.values()].flatMap((chain) => {
    const current = chain.at(-1);
    return current ? [{ period: current.period, versions: chain, current }] : [];
  });
}
