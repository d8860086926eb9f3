// src/read/search: what other modules use of it, and the only file they import (docs/architecture.md "Modules").
export { bareName } from './reference-candidates.ts';
export { resolveReference } from './resolve-reference.ts';
export { MAX_SEARCH_HITS, search } from './search.ts';
