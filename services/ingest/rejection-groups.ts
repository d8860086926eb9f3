import type { Problem } from '#ingest/shared/parser';

/** Rejections that share a reason: how many, and the first few files, with the first one's problems. */
export interface RejectionGroup {
  readonly reason: string;
  readonly count: number;
  readonly examples: readonly string[];
  readonly problems: readonly Problem[];
}

export interface GroupLimits {
  /** Reasons listed; the rest are counted together. */
  readonly groups: number;
  /** File names shown a reason. */
  readonly examples: number;
}

/**
 * Rejections grouped by reason, the largest group first (ties in the order first met), at
 * most `groups` of them, each with a count and a few example files: a run that rejects
 * 100,000 files prints a few dozen lines, not 100,000. `more` counts the files of the
 * reasons left out.
 */
export function groupRejections(
  rejections: ReadonlyArray<{ readonly fileName: string; readonly reason: string; readonly problems: readonly Problem[] }>,
  limits: GroupLimits = { groups: 20, examples: 3 },
): { groups: RejectionGroup[]; more: { reasons: number; files: number } } {
  const byReason = new Map<string, { count: number; examples: string[]; problems: readonly Problem[] }>();
  for (const { fileName, reason, problems } of rejections) {
    const group = byReason.get(reason) ?? { count: 0, examples: [], problems };
    group.count += 1;
    if (group.examples.length < limits.examples) group.examples.push(fileName);
    byReason.set(reason, group);
  }
  const all = [...byReason].map(([reason, group]) => ({ reason, ...group })).sort((a, b) => b.count - a.count);
  const left = all.slice(limits.groups);
  return {
    groups: all.slice(0, limits.groups),
    more: { reasons: left.length, files: left.reduce((sum, group) => sum + group.count, 0) },
  };
}
