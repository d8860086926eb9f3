import { type CompanyLookup, createCompanyLookup, type KnownHolding } from '#ingest/shared/parser';

const MAX_AGE_MS = 2_000;

/** The holdings a lookup is built from, with a generation that changes only when they do. */
export interface HoldingsSnapshot {
  readonly generation: number;
  /** The holdings as JSON text, what a parse thread builds its own lookup from. */
  readonly json: string;
}

/**
 * The holdings the companies projection knows (NSE symbols and BSE codes by day), loaded
 * into memory for parsers and refreshed every couple of seconds while ingesting: a master
 * list ingested a moment ago makes its symbols resolvable for the next files.
 */
export function createCompanyDirectory(loadHoldings: () => Promise<readonly KnownHolding[]>) {
  let cached: { holdings: readonly KnownHolding[]; lookup?: CompanyLookup; snapshot?: HoldingsSnapshot; at: number } | undefined;
  let last: HoldingsSnapshot = { generation: 0, json: '[]' };
  const current = async () => {
    if (!cached || Date.now() - cached.at > MAX_AGE_MS) cached = { holdings: await loadHoldings(), at: Date.now() };
    return cached;
  };
  return {
    async lookup(): Promise<CompanyLookup> {
      const entry = await current();
      entry.lookup ??= createCompanyLookup(entry.holdings);
      return entry.lookup;
    },
    /** The holdings for parse threads; the generation moves only when they changed since the last snapshot. */
    async snapshot(): Promise<HoldingsSnapshot> {
      const entry = await current();
      if (!entry.snapshot) {
        const json = JSON.stringify(entry.holdings);
        if (json !== last.json) last = { generation: last.generation + 1, json };
        entry.snapshot = last;
      }
      return entry.snapshot;
    },
    invalidate(): void {
      cached = undefined;
    },
  };
}
export type CompanyDirectory = ReturnType<typeof createCompanyDirectory>;
