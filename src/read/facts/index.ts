// src/read/facts: what other modules use of it, and the only file they import (docs/architecture.md "Modules").
export { factValueType } from './fact-value-type.ts';
