import type { Linter } from 'eslint';

/** The longest a production function may be, blank lines and comments not counted. */
export declare const MAX_FUNCTION_LINES: number;
/** Flat-config entries that hold production functions to `MAX_FUNCTION_LINES`. */
export declare function functionLength(): Linter.Config[];
