import type { Parser } from './parser.ts';
import { createParserRegistry } from './parser-registry.ts';

/** Every format the service ingests. Order matters only for detection ties: first wins. */
export const ALL_PARSERS: readonly Parser[] = [];

export const parserRegistry = createParserRegistry(ALL_PARSERS);
