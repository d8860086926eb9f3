// src/platform/process: what other modules use of it, and the only file they import (docs/architecture.md "Modules").
export { startReturningFreeMemory } from './free-memory.ts';
export { createInProcessSignal } from './in-process-signal.ts';
export { lowerPriority } from './lower-priority.ts';
export { execArgvFor } from './thread-flags.ts';
