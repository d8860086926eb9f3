// src/domain/indian-text: what other modules use of it, and the only file they import (docs/architecture.md "Modules").
export { INR_SCALE_POWER, INR_SCALE_WORD, type InrScale, inrScaleOf, rupeeUnitPower } from './amount-scale.ts';
export { type DateClaim, findDateExpressions, formatDay } from './date-expressions.ts';
export {
  bhavcopyStamp,
  dayMonYear,
  dayMonYearUpper,
  daySpaceMonYear,
  durationText,
  istDateTimeText,
  nseFileStamp,
} from './exchange-date-text.ts';
export { parseExchangeDate, parseExchangeDateTime } from './exchange-date.ts';
export { findAmounts } from './find-amounts.ts';
export { fiscalYearFromText, fiscalYearLabel, fullYear, MAX_FISCAL_YEAR, MIN_FISCAL_YEAR, quarterLabel } from './fiscal-year-text.ts';
export { formatDecimal } from './indian-digits.ts';
export { MONTH_ABBREVIATIONS, MONTH_PATTERN, MONTH_WORDS, monthNumber } from './month-names.ts';
export { findNumberTokens, type NumberReading } from './number-tokens.ts';
export { type Amount, withUnitOf } from './read-amount.ts';
export { readDateAt } from './read-date.ts';
