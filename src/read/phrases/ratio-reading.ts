import { isPercentMetric } from './labels.ts';
import { decimalOf, renderRatioAsPercent } from './number-forms.ts';

/**
 * A ratio as stored and as people read it, side by side: "0.2097 (20.97%)" for margins,
 * returns, tax rate and growth, so an agent sees that 15% is written 0.15. Other values as is.
 */
export const ratioReading = (id: string, value: string): string =>
  isPercentMetric(id) ? `${value} (${renderRatioAsPercent(decimalOf(value))})` : value;
