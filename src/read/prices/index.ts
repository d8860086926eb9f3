// src/read/prices: what other modules use of it, and the only file they import (docs/architecture.md "Modules").
export { listPriceSeries } from './list-price-series.ts';
