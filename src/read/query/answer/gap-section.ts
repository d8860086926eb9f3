import type { EvidencePacket } from '#schemas/query';
import { nameOf, piece, type Piece } from '#read/phrases';

/** Each gap's message as the packet states it (a message that is not readable text is named by its kind). */
export function gapSection(packet: EvidencePacket): Piece {
  if (packet.gaps.length === 0) return piece('');
  const lines = packet.gaps.map((gap) => `- ${nameOf(gap.message) ?? `a gap of kind ${gap.kind}`}`);
  return piece(['Gaps in the evidence:', ...lines].join('\n'));
}

export const ABSENCE_NOTE = 'An empty result is not proof of absence: it shows only that the data held here has nothing matching.';

export const CLOSING_NOTE = 'This answer restates the evidence collected for the question; the service supplies data only.';
