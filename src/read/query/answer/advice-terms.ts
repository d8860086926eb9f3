import type { EvidencePacket } from '#schemas/query';
import { collectPacketTexts } from './packet-texts.ts';
import { excusedSpans, findVerifiedQuotes, within } from './text-spans.ts';

/**
 * Words of advice, recommendation or valuation judgement. The service supplies data only
 * (SPEC.md), so prose outside quotations of passages and packet names must not use them.
 */
const ADVICE = new RegExp(
  String.raw`(?<![\p{L}])(?:buy|buying|sell|selling|hold|accumulate|undervalued|overvalued|under-valued|over-valued|recommend\w*|outperform\w*|underperform\w*|target price|price target|should (?:invest|buy|sell|hold|consider|avoid)|(?:good|great|safe|bad|smart|attractive) (?:investment|buy|bet|entry)|worth (?:buying|investing)|bullish|bearish|multibagger|upside|downside)(?![\p{L}])`,
  'giu',
);

/** The advice words of `text` outside verified quotations and packet names and messages, as written. */
export function adviceTermsIn(text: string, packet: EvidencePacket): string[] {
  const texts = collectPacketTexts(packet);
  const covered = [...findVerifiedQuotes(text, texts.quotables), ...excusedSpans(text, texts)];
  return [...text.matchAll(ADVICE)].filter((m) => !within({ start: m.index, end: m.index + m[0].length }, covered)).map((m) => m[0]);
}
