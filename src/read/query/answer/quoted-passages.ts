import type { EvidencePacket, Quotation } from '#schemas/query';
import { collectPacketTexts } from './packet-texts.ts';
import { findVerifiedQuotes } from './text-spans.ts';

/**
 * The passages `text` quotes (a quotation that reproduces a passage's title or snippet, as
 * the number check verifies it), once each, in the order first quoted: cited as evidence of
 * what a source says. Their figures are never values, so they are not among the citations.
 */
export function quotedPassages(text: string, packet: EvidencePacket): Quotation[] {
  const quotations = new Map<string, Quotation>();
  for (const { passage } of findVerifiedQuotes(text, collectPacketTexts(packet).quotables)) {
    const key = `${passage.kind}:${passage.id}`;
    if (!quotations.has(key)) {
      quotations.set(key, { kind: passage.kind, id: passage.id, source_url: passage.source_url, known_at: passage.known_at });
    }
  }
  return [...quotations.values()];
}
