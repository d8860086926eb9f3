import { filedDecimal } from '#platform/decimals';
import type { SourceCategory } from './source-file.ts';

/** A percentage and share count read from the extract; null where the filing's figure is unknown. */
export interface Figures {
  readonly percentage: string | null;
  readonly shares: string | null;
  /** Why a figure present in the extract was not taken. */
  readonly note: string | null;
}

/** Every node of a category tree, depth first. */
export function allNodes(nodes: readonly SourceCategory[]): SourceCategory[] {
  return nodes.flatMap((node) => [node, ...allNodes(node.children ?? [])]);
}

/**
 * The company's share count, estimated from its largest filed category (shares / percentage),
 * or null. Used only to tell what a 0 percentage means, never as a figure.
 */
export function estimateTotalShares(nodes: readonly SourceCategory[]): number | null {
  let best: { pct: number; shares: number } | null = null;
  for (const node of allNodes(nodes)) {
    const pct = node.explicit_percentage ?? 0;
    const shares = node.explicit_shares ?? 0;
    if (pct > 0 && pct <= 100 && shares > 0 && (!best || pct > best.pct)) best = { pct, shares };
  }
  return best ? (best.shares * 100) / best.pct : null;
}

/** Under 0.005 % of the company, which a filing writes as 0.00. */
const roundsToNil = (shares: number, totalShares: number | null) => totalShares !== null && (shares * 100) / totalShares < 0.005;

/**
 * Reads a (percentage, shares) pair. The extract writes 0 both for a filed nil and for a fact
 * the filing did not have, so a 0 is taken only where it is consistent with its partner:
 * - shares 0 is nil when the percentage is 0 too; beside a positive percentage it was not filed (null);
 * - percentage 0 is nil when the shares are 0 or under 0.005 % of the company (a filed 0.00);
 *   beside a larger holding it was not filed (null).
 * A percentage outside 0..100 or a negative count is not taken, with a note.
 */
export function readFigures(pct: number | null | undefined, shares: number | null | undefined, totalShares: number | null): Figures {
  const p = pct ?? null;
  const s = shares ?? null;
  if ((p !== null && !(p >= 0 && p <= 100)) || (s !== null && !(s >= 0))) {
    return {
      percentage: null,
      shares: null,
      note: `percentage ${String(p)} and shares ${String(s)} are not a holding: expected 0 to 100 % and a count`,
    };
  }
  const sharesOut = s === null ? null : s > 0 ? filedDecimal(s) : p === null || p === 0 ? '0' : null;
  const pctOut = p === null ? null : p > 0 ? filedDecimal(p) : s === null || s === 0 || roundsToNil(s, totalShares) ? '0' : null;
  return { percentage: pctOut, shares: sharesOut, note: null };
}
