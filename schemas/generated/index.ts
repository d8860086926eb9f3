// schemas/generated: what other modules use of it, and the only file they import (docs/architecture.md "Modules").
export { eventJsonSchemas } from './event-json-schemas.ts';
