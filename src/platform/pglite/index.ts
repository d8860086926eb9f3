// src/platform/pglite: what other modules use of it, and the only file they import (docs/architecture.md "Modules").
export { TEMPLATE_DIR, writePgliteTemplate } from './pglite-template.ts';
export { openPglite, pgliteExecutor } from './pglite.ts';
