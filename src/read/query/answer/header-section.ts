import type { EvidencePacket } from '#schemas/query';
import { companyPhrase, joinPieces, piece, type Piece, nameOf } from '#read/phrases';
import { formatInstant } from '#platform/time';
import { comparesCompanies, comparisonHeader } from './comparison-section.ts';

function whoPhrase(packet: EvidencePacket): string {
  if (comparesCompanies(packet)) return comparisonHeader(packet);
  if (packet.company) return `About ${companyPhrase(packet.company)}.`;
  if (packet.candidates.length === 0) return '';
  const reference = nameOf(packet.plan.reference);
  const matches = packet.candidates.map((c) => companyPhrase(c.company)).join(', ');
  return `The reference${reference ? ` ‘${reference}’` : ''} does not name one company exactly, and none was chosen. Possible matches: ${matches}.`;
}

/** The company (or the candidates, none chosen) and the point in time the values are as of. */
export function headerSection(packet: EvidencePacket): Piece {
  // A cross-section is read at its own instant (the plan's unless its step names one).
  const instant = packet.cross_section ? packet.cross_section.as_of : packet.plan.as_of;
  const asOf = instant === null ? undefined : formatInstant(instant);
  const when = asOf
    ? `Values are as known at ${asOf}; later filings and restatements are left out.`
    : packet.screen || packet.cross_section
      ? 'Values are the latest known, with the newest filings and restatements; give as_of for a point in time.'
      : '';
  return joinPieces([piece(whoPhrase(packet)), piece(when)], ' ');
}
