import type { Linter } from 'eslint';

/** The one projection slice others may read. */
export declare const SHARED_SLICE: string;
/** Flat-config entries that hold the arrows for the tree at `root`. */
export declare function boundaries(options: { readonly root: string }): Linter.Config[];
