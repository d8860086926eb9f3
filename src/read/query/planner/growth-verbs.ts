import { REPORTED_CONCEPTS } from '#schemas/common';
import { findAmounts } from '#domain/indian-text';
import type { MetricMention } from './metric-mentions.ts';

const REPORTED = new Set<string>(REPORTED_CONCEPTS);

// Verbs of growth: "revenue grew 20%", "profits rose over 40%", "sales up more than 30%".
const GROWTH_VERB = String.raw`(?:grew|grow(?:s|n|ing)?|rose|rise[sn]?|rising|increase[sd]?|increasing|jump(?:ed|s)?|surged?|climb(?:ed|s)?|expand(?:ed|s)?|(?:was|were|is|are)\s+up|up)`;
// What may stand between a concept and its verb, or between the verb and the percentage.
const AFTER = new RegExp(String.raw`^[\s\0]*(?:has\s+|have\s+|had\s+)?${GROWTH_VERB}\b[^.?;%]{0,30}?$`, 'i');
const BEFORE = new RegExp(String.raw`\b(?:grew|grown|increased|raised|expanded|boosted)\s+(?:its\s+|their\s+)?[\s\0]*$`, 'i');
const BY = /^[\s\0]*by\b/i;

/**
 * Growth written with a verb: a reported concept that grew, rose or increased by a
 * percentage ("companies whose net profit rose over 40%", "that grew revenue by more than
 * 20%") is its growth field, `<Concept>_growth`, not the concept: a percentage cannot
 * compare an amount. Without a percentage after it the concept stays as written ("why did
 * revenue rise"). Pure.
 */
export function growthByVerb(text: string, mentions: readonly MetricMention[]): MetricMention[] {
  const percents = findAmounts(text).filter((a) => a.kind === 'percent');
  return mentions.map((m, i) => {
    if (m.source !== 'concept' || m.id === null || !REPORTED.has(m.id)) return m;
    const next = mentions[i + 1]?.start ?? text.length;
    const percent = percents.find((p) => p.start >= m.end && p.start < next);
    if (!percent) return m;
    const between = text.slice(m.end, percent.start);
    const verbAfter = AFTER.test(between);
    const verbBefore = BEFORE.test(text.slice(Math.max(0, m.start - 40), m.start)) && BY.test(between);
    return verbAfter || verbBefore ? { ...m, id: `${m.id}_growth` } : m;
  });
}
