import type { Linter } from 'eslint';

/** What every projection slice may read. */
export declare const SHARED_SLICES: readonly string[];
/** Flat-config entries that hold the arrows for the tree at `root`. */
export declare function boundaries(options: { readonly root: string }): Linter.Config[];
