import type { EvidencePacket } from '../../../../schemas/query/evidence.ts';
import type { ShareholdingSnapshot } from '../../../../schemas/read-models/shareholding.ts';
import { conceptLabel } from '../../phrases/labels.ts';
import { decimalOf, renderPercent } from '../../phrases/number-forms.ts';
import { formatDay } from '../../../domain/indian-text/date-expressions.ts';
import { cite, joinPieces, piece, type Piece } from '../../phrases/piece.ts';
import { filingPhrase } from '../../phrases/provenance-phrase.ts';
import { factSource } from '../../phrases/value-source.ts';
import { ownershipFieldsOf } from '../fetch-ownership.ts';

/** "Promoter holding was 71.77% as at 31 March 2024 (shareholding pattern; filing …, known at …)." */
function snapshotLines(snapshot: ShareholdingSnapshot, fields: readonly string[]): Piece[] {
  return fields.flatMap((field) => {
    const value = snapshot[field as keyof ShareholdingSnapshot];
    if (typeof value !== 'string') return [];
    const number = renderPercent(decimalOf(value));
    const text = `${conceptLabel(field)} was ${number} as at ${formatDay(snapshot.period_end)} (shareholding pattern; ${filingPhrase(snapshot.filing_id, snapshot.known_at)}).`;
    return [piece(text, [cite(number, factSource(snapshot))])];
  });
}

export const hasOwnership = (packet: EvidencePacket): boolean => (packet.ownership?.length ?? 0) > 0;

/** Each ownership field the plan names, per snapshot, with its filing and known_at. */
export function ownershipSection(packet: EvidencePacket): Piece {
  const fields = ownershipFieldsOf(packet.plan);
  return joinPieces(
    (packet.ownership ?? []).flatMap((s) => snapshotLines(s, fields)),
    '\n',
  );
}
