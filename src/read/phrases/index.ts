// src/read/phrases: what other modules use of it, and the only file they import (docs/architecture.md "Modules").
export { type CompanyLike, companyPhrase } from './company-phrase.ts';
export { factSentence, renderFactValue } from './fact-sentence.ts';
export { conceptLabel, isPercentMetric, screenMetricLabel, screenMetricUnit } from './labels.ts';
export { metricSentence, renderMetricValue } from './metric-sentence.ts';
export {
  conditionValue,
  decimalOf,
  readingMatches,
  renderInr,
  renderPercent,
  renderPlain,
  renderRatioAsPercent,
  unitKind,
  type ValueKind,
} from './number-forms.ts';
export { periodPhrase } from './period-phrase.ts';
export { cite, joinPieces, piece, type Piece } from './piece.ts';
export { filingPhrase, knownAtPhrase } from './provenance-phrase.ts';
export { ratioReading } from './ratio-reading.ts';
export { CODE_LABELS, codeOf, hasLetter, nameOf, plainText, quotableText } from './text-forms.ts';
export { factSource, metricSources, unsourced, type ValueSource } from './value-source.ts';
