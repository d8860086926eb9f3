import type { DerivedRatio } from '#schemas/common';

/**
 * Ratios that are never above 1 in practice (a margin, a return, a tax rate above 100%): they
 * read naturally as percentages, and a bare 15 for one of them can only mean 15%.
 */
export const BOUNDED_RATIOS: ReadonlySet<string> = new Set<DerivedRatio>([
  'net_margin',
  'ebit_margin',
  'ebitda_margin',
  'effective_tax_rate',
  'return_on_equity',
  'return_on_assets',
]);
