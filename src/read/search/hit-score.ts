/** Scores below 1 are reserved for non-exact hits, so that an exact hit always ranks first. */
const BEST_INEXACT = 0.99;

/** A relevance for a non-exact hit: clamped to 0..0.99 and rounded to four places. */
export function inexactScore(value: number): number {
  const clamped = Math.min(BEST_INEXACT, Math.max(0, Number.isFinite(value) ? value : 0));
  return Math.round(clamped * 10_000) / 10_000;
}

/**
 * A full-text hit holding every search term scores 0.5..0.99 by its normalised rank (0..1):
 * above a weak name similarity, below a name that contains the query.
 */
export function fulltextScore(normalisedRank: number): number {
  return inexactScore(0.5 + 0.49 * Math.max(0, Math.min(1, normalisedRank)));
}

/**
 * A full-text hit's score from how many of the query's terms it holds and its normalised
 * rank (0..1): holding every term, fulltextScore; holding some, below every such hit, by
 * the share held first (0.45 × share) and the rank after (up to 0.04).
 */
export function termsScore(matched: number, terms: number, normalisedRank: number): number {
  if (terms <= 0 || matched >= terms) return fulltextScore(normalisedRank);
  const rank = Math.max(0, Math.min(1, normalisedRank));
  return inexactScore(0.45 * (matched / terms) + 0.04 * rank);
}
