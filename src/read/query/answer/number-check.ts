import type { Answer, EvidencePacket } from '#schemas/query';
import { analyseNumbers } from './analyse-numbers.ts';

/**
 * The numbers of `text` the packet does not hold, as written, in order of appearance (each
 * occurrence). Empty when every number in the text is a packet value in one of the allowed
 * renderings, a packet date in a recognised form, part of a packet name or message, or inside
 * a quotation of a passage. See docs/answers.md for the rules.
 */
export function numbersNotInPacket(text: string, packet: EvidencePacket): string[] {
  return analyseNumbers(text, packet)
    .filter((finding) => !finding.inPacket)
    .map((finding) => finding.text);
}

/**
 * Citations for the values of a text (dates are not cited): each packet value (fact, metric,
 * quote, screen or question threshold) a number matched. A number inside a quotation of a
 * passage is the passage's word, not a value, and is not cited (see quotedPassages).
 */
export function citeNumbers(text: string, packet: EvidencePacket): Answer['citations'] {
  const citations = analyseNumbers(text, packet)
    .filter((finding) => finding.kind === 'value' && finding.inPacket)
    .flatMap((finding) => finding.sources.map((source) => ({ value: finding.text, ...source })));
  const seen = new Set<string>();
  return citations.filter((c) => {
    const key = JSON.stringify(c);
    return seen.has(key) ? false : (seen.add(key), true);
  });
}
