import { Decimal } from './exact-decimal.ts';

/**
 * Orders two exact decimal strings by value (`-12.5`, `0.05`, `1392.0`, `00.5`; trailing
 * zeros and `-0` do not matter) without converting them to floats: aggregated highs and lows
 * must be the very text a bar stated, and a planner threshold is compared exactly.
 */
export const compareDecimals = (a: string, b: string): -1 | 0 | 1 => new Decimal(a).cmp(b) as -1 | 0 | 1;
