// src/read/screening: what other modules use of it, and the only file they import (docs/architecture.md "Modules").
export { compileScreen } from './compile-screen.ts';
export { crossSectionScreen } from './cross-section-screen.ts';
export { readScreenThresholds } from './read-screen-thresholds.ts';
export { screenCompanies } from './screen-companies.ts';
export { listScreenMetricCoverage, type ScreenSourceCoverage } from './screen-metric-coverage.ts';
export type { ScreenSource } from './screen-source.ts';
export { SCREEN_SOURCES, SCREEN_WHITELIST } from './screen-sources.ts';
