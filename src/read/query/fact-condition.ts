import { Decimal } from 'decimal.js';
import type { FactFilter } from '#schemas/query';
import { rupeeUnitPower } from '#domain/indian-text';

/**
 * The threshold of a condition in the unit the value is stored in: rupees for INR amounts
 * (lakh and crore, in any spelling a question may write, multiplied out: `rupeeUnitPower`),
 * a pure ratio for ratios (a percent divided by 100).
 * Undefined when the condition's unit does not fit the value's unit.
 */
export function thresholdFor(condition: FactFilter, valueUnit: string): Decimal | undefined {
  const unit = condition.unit.trim().toLowerCase();
  const threshold = new Decimal(String(condition.value));
  if (valueUnit === 'INR') {
    const power = rupeeUnitPower(unit);
    return power === undefined ? undefined : threshold.times(`1e${power}`);
  }
  if (valueUnit === 'ratio') {
    if (unit === 'ratio') return threshold;
    if (unit === 'percent' || unit === '%') return threshold.dividedBy(100);
    return undefined;
  }
  return unit === valueUnit.toLowerCase() ? threshold : undefined;
}

/** Whether an exact decimal value meets the condition; undefined when the units do not fit. */
export function meetsCondition(value: string, valueUnit: string, condition: FactFilter): boolean | undefined {
  const threshold = thresholdFor(condition, valueUnit);
  if (threshold === undefined) return undefined;
  const compared = new Decimal(value).comparedTo(threshold);
  switch (condition.operator) {
    case '>':
      return compared > 0;
    case '>=':
      return compared >= 0;
    case '<':
      return compared < 0;
    case '<=':
      return compared <= 0;
    case '=':
      return compared === 0;
  }
}
