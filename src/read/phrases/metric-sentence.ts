import type { CompanyIdentity, Metric } from '#schemas/read-models';
import { subjectOf } from './fact-sentence.ts';
import { conceptLabel, isPercentMetric } from './labels.ts';
import { decimalOf, renderInr, renderPlain, renderRatioAsPercent } from './number-forms.ts';
import { metricSources } from './value-source.ts';
import { periodPhrase } from './period-phrase.ts';
import { cite, piece, type Piece } from './piece.ts';
import { filingPhrase, knownAtPhrase } from './provenance-phrase.ts';
import { nameOf } from './text-forms.ts';

/** A metric value: rupee amounts (EBIT, EBITDA) in crore; margins, returns and growth as exact percentages; other ratios plain. */
export function renderMetricValue(id: string, unit: string, value: string): string {
  const exact = decimalOf(value);
  if (unit === 'INR') return renderInr(exact, 'crore');
  return isPercentMetric(id) ? renderRatioAsPercent(exact) : renderPlain(exact);
}

function derivation(metric: Metric): string {
  const filings = metricSources(metric).flatMap((s) => (s.filing_id === null ? [] : [filingPhrase(s.filing_id, s.known_at)]));
  return filings.length > 0 ? `derived from ${filings.join(' and ')}` : `derived; ${knownAtPhrase(metric.known_at)}`;
}

function unavailableSentence(metric: Metric, head: string, notes: string): Piece {
  const reason = nameOf(metric.reason?.message) ?? (metric.reason ? `reason: ${metric.reason.code}` : 'no reason given');
  return piece(`${head} is unavailable ${notes}: ${reason}${/[.!?]$/.test(reason) ? '' : '.'} A missing input is not a value.`);
}

/** "Net profit margin was 18.4194% for the quarter ended … (Q3 FY2025; consolidated; derived from filing …, known at …)." */
export function metricSentence(metric: Metric, packetCompany: CompanyIdentity | null): Piece {
  const period = periodPhrase(metric.period);
  const head = `${subjectOf(metric.company, packetCompany)}${conceptLabel(metric.metric)}`;
  if (metric.value === null) {
    const notes = [period.label, metric.basis].filter((n) => n !== undefined).join('; ');
    return unavailableSentence(metric, head, `${period.phrase} (${notes})`);
  }
  const number = renderMetricValue(metric.metric, metric.unit, metric.value);
  const notes = [period.label, metric.basis, derivation(metric)].filter((n) => n !== undefined);
  const citations = metricSources(metric).map((source) => cite(number, source));
  return piece(`${head} was ${number} ${period.phrase} (${notes.join('; ')}).`, citations);
}
