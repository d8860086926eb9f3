/**
 * A small seeded pseudo-random generator (mulberry32). The generator's output must be
 * byte-identical for the same arguments, because event ids are derived from file contents;
 * Math.random cannot be seeded, and a dependency for twenty lines is not worth it.
 */
export interface Prng {
  /** Uniform in [0, 1). */
  next(): number;
  /** Uniform in [min, max). */
  between(min: number, max: number): number;
  /** A whole number in [min, max], both included. */
  int(min: number, max: number): number;
  /** True with the given probability. */
  chance(probability: number): boolean;
  pick<T>(items: readonly T[]): T;
}

/** A 32-bit hash of text (FNV-1a), to derive independent streams from one seed. */
export function hashText(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

export function createPrng(seed: number): Prng {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  return {
    next,
    between: (min, max) => min + next() * (max - min),
    int,
    chance: (probability) => next() < probability,
    pick<T>(items: readonly T[]): T {
      const item = items[int(0, items.length - 1)];
      if (item === undefined) throw new Error('pick from an empty list');
      return item;
    },
  };
}

/**
 * A stream for one purpose of one company (`seed`, `company 12`, `model`): each company's
 * numbers depend only on the seed and its own index, so a larger universe keeps the smaller
 * one's companies unchanged.
 */
export const prngFor = (seed: number, ...parts: Array<string | number>) => createPrng(hashText([seed, ...parts].join(':')));
