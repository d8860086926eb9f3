/** One company's hold on an identifier: from the first day a source showed it there. */
export interface Holder {
  readonly companyId: string;
  /** The first day a source dated it for this company, else the day it became known. */
  readonly since: string;
}

/** The span of days (`to` exclusive; null is open) an identifier resolves to one company. */
export interface Ownership {
  readonly companyId: string;
  readonly from: string | null;
  readonly to: string | null;
}

/**
 * Splits all time among the companies that have held an identifier (a symbol reused after
 * a delisting): each holds it from the day it was first shown there until the next one was,
 * the first holder since the beginning and the last one ever after. So every day resolves
 * to exactly one company, and an identifier one company ever held resolves to it always.
 */
export function ownershipOf(holders: readonly Holder[]): Ownership[] {
  const sorted = [...holders].sort((a, b) => (a.since < b.since ? -1 : a.since > b.since ? 1 : a.companyId < b.companyId ? -1 : 1));
  return sorted.map((holder, i) => ({
    companyId: holder.companyId,
    from: i === 0 ? null : holder.since,
    to: sorted[i + 1]?.since ?? null,
  }));
}

/** The company that holds an identifier on a day (null: now). */
export function holderOn<T extends Ownership>(ownerships: readonly T[], day: string | null): T | undefined {
  if (day === null) return ownerships.find((o) => o.to === null);
  return ownerships.find((o) => (o.from === null || o.from <= day) && (o.to === null || day < o.to));
}
