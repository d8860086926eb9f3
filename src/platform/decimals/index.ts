// src/platform/decimals: what other modules use of it, and the only file they import (docs/architecture.md "Modules").
export { compareDecimals } from './compare-decimals.ts';
export { divideRounded } from './divide-rounded.ts';
export { amountText, Decimal } from './exact-decimal.ts';
export { filedDecimal } from './filed-decimal.ts';
export { parseDecimalText } from './parse-decimal-text.ts';
export { roundDecimal } from './round-decimal.ts';
export { RATIO_DECIMALS, roundedRatio } from './rounded-ratio.ts';
export { fixedHundredthsText, hundredthsText, scaledText } from './scaled-text.ts';
export { canonicalDecimal, shiftDecimal } from './shift-decimal.ts';
export { sumDecimals } from './sum-decimals.ts';
