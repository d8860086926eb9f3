import type { EvidencePacket, OwnershipChange } from '#schemas/query';
import type { ShareholdingSnapshot } from '#schemas/read-models';
import {
  conceptLabel,
  decimalOf,
  renderPercent,
  renderPlain,
  cite,
  joinPieces,
  piece,
  type Piece,
  filingPhrase,
  factSource,
  type ValueSource,
} from '#read/phrases';
import { formatDay } from '#domain/indian-text';
import { ownershipFieldsOf } from '../fetch-ownership.ts';

/** "Promoter holding was 71.77% as at 31 March 2024 (shareholding pattern; filing …, known at …)." */
function snapshotLines(snapshot: ShareholdingSnapshot, fields: readonly string[]): Piece[] {
  return fields.flatMap((field) => {
    const value = snapshot[field as keyof ShareholdingSnapshot];
    if (typeof value !== 'string') return [];
    const number = renderPercent(decimalOf(value));
    const text = `${conceptLabel(field)} was ${number} as at ${formatDay(snapshot.period_end)} (shareholding pattern, source ${snapshot.source}; ${filingPhrase(snapshot.filing_id, snapshot.known_at)}).`;
    return [piece(text, [cite(number, factSource(snapshot))])];
  });
}

export const hasOwnership = (packet: EvidencePacket): boolean => (packet.ownership?.length ?? 0) > 0;

/** Where a change comes from: the two patterns' filings, as a metric derived from them. */
export function changeSources(change: OwnershipChange, packet: EvidencePacket): ValueSource[] {
  return [change.from_filing_id, change.to_filing_id].flatMap((id) => {
    const snapshot = (packet.ownership ?? []).find((s) => s.filing_id === id);
    return snapshot ? [{ ...factSource(snapshot), kind: 'metric' as const }] : [];
  });
}

/** "Promoter holding changed by -25.52 percentage points from 30 June 2023 to 30 September 2023." */
function changeLine(change: OwnershipChange, packet: EvidencePacket): Piece {
  const between = `from ${formatDay(change.from_period_end)} to ${formatDay(change.to_period_end)}`;
  if (change.change === null) {
    return piece(`The change in ${conceptLabel(change.field)} ${between} is not computed: a pattern does not state it.`);
  }
  const points = renderPlain(decimalOf(change.change));
  const text = `${conceptLabel(change.field)} changed by ${points} percentage points ${between} (the later pattern's figure less the earlier's; filing ${change.from_filing_id} and filing ${change.to_filing_id}).`;
  return piece(
    text,
    changeSources(change, packet).map((source) => cite(points, source)),
  );
}

/** Each ownership field the plan names, per snapshot, with its filing and known_at; then each change asked for. */
export function ownershipSection(packet: EvidencePacket): Piece {
  const fields = ownershipFieldsOf(packet.plan);
  return joinPieces(
    [
      ...(packet.ownership ?? []).flatMap((s) => snapshotLines(s, fields)),
      ...(packet.ownership_changes ?? []).map((c) => changeLine(c, packet)),
    ],
    '\n',
  );
}
