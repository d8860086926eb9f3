// src/read/snapshot: what other modules use of it, and the only file they import (docs/architecture.md "Modules").
export { companiesMayChange, companyRows } from './snapshot-companies.ts';
export { corporateActionRows, corporateActionsMayChange } from './snapshot-corporate-actions.ts';
export { factRows, factsMayChange } from './snapshot-facts.ts';
export { metricRows } from './snapshot-metrics.ts';
export { priceRows, pricesMayChange } from './snapshot-prices.ts';
export { shareholdingMayChange, shareholdingRows } from './snapshot-shareholding.ts';
