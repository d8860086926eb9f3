// src/serve/explore: what other modules use of it, and the only file they import (docs/architecture.md "Modules").
export { explorerRoutes } from './explore-routes.ts';
