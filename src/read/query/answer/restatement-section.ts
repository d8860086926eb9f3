import type { EvidencePacket, Restatement, RestatedVersion } from '#schemas/query';
import { formatInstant } from '#platform/time';
import {
  companyPhrase,
  renderFactValue,
  conceptLabel,
  periodPhrase,
  cite,
  joinPieces,
  piece,
  type Piece,
  filingPhrase,
  factSource,
} from '#read/phrases';

const HEAD = 'Restated figures: each version as filed, oldest first (an earlier version was superseded by the one after it):';

function versionState(version: RestatedVersion, index: number): string {
  const how = index === 0 ? 'first reported' : version.change === 'restated' ? 'restated' : 'reported again with the same value';
  const revision = version.is_revision ? '; a revised filing' : '';
  const at = version.superseded_at === null ? undefined : formatInstant(version.superseded_at);
  const state = version.superseded_at === null ? 'in force' : at ? `superseded at ${at}` : 'superseded later';
  return `${how}${revision}; ${state}`;
}

/** "- ₹5,207.29 crore: filing …, known at …; source …; first reported; superseded at …" */
function versionLine(version: RestatedVersion, index: number): Piece {
  const { number, words } = renderFactValue({ value: version.value, unit: version.unit, scale: version.scale });
  const source = version.source_url ? `; source ${version.source_url}` : '';
  return piece(`  - ${number}${words}: ${filingPhrase(version.filing_id, version.known_at)}${source}; ${versionState(version, index)}.`, [
    cite(number, factSource(version)),
  ]);
}

function chainLines(chain: Restatement): Piece {
  const period = periodPhrase(chain.period);
  const notes = [period.label, chain.basis].filter((n) => n !== undefined).join('; ');
  const head = piece(`- ${conceptLabel(chain.concept)} of ${companyPhrase(chain.company)} ${period.phrase} (${notes}):`);
  return joinPieces([head, ...chain.versions.map(versionLine)], '\n');
}

/**
 * The restated facts of the packet, each with every version known at as_of: value, filing,
 * source URL and known_at, and whether it was superseded. Empty when nothing was restated.
 */
export function restatementSection(packet: EvidencePacket): Piece {
  const chains = packet.restatements ?? [];
  if (chains.length === 0) return piece('');
  return joinPieces([piece(HEAD), ...chains.map(chainLines)], '\n');
}
