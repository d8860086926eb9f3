import type { EvidencePacket } from '#schemas/query';
import { companyPhrase, factSentence, conceptLabel, metricSentence, joinPieces, piece, type Piece } from '#read/phrases';

/** A packet comparing several companies (plan.references). */
export const comparesCompanies = (packet: EvidencePacket): boolean => (packet.companies?.length ?? 0) > 1;

interface Line {
  readonly measure: string;
  readonly periodEnd: string;
  readonly companyId: string;
  readonly piece: Piece;
}

/**
 * The figures of a comparison side by side: one block per measure (in the order the plan
 * names them), its lines newest period first and, within a period, company by company in
 * the order the question names them. Every line names its company.
 */
export function comparisonLines(packet: EvidencePacket): Piece {
  const lines: Line[] = [
    ...packet.facts.map((f) => ({ measure: f.concept, periodEnd: f.period.end, companyId: f.company.id, piece: factSentence(f, null) })),
    ...packet.metrics.map((m) => ({ measure: m.metric, periodEnd: m.period.end, companyId: m.company.id, piece: metricSentence(m, null) })),
  ];
  const companyOrder = (packet.companies ?? []).map((c) => c.company?.id);
  const measures = [...new Set([...packet.plan.concepts, ...lines.map((l) => l.measure)])].filter((m) =>
    lines.some((l) => l.measure === m),
  );
  const rank = (id: string) => {
    const at = companyOrder.indexOf(id);
    return at < 0 ? companyOrder.length : at;
  };
  return joinPieces(
    measures.map((measure) => {
      const block = lines
        .filter((l) => l.measure === measure)
        .sort((a, b) => b.periodEnd.localeCompare(a.periodEnd) || rank(a.companyId) - rank(b.companyId));
      return joinPieces(
        [piece(`${conceptLabel(measure)}, company by company:`), ...block.map((l) => ({ ...l.piece, text: `- ${l.piece.text}` }))],
        '\n',
      );
    }),
    '\n\n',
  );
}

/** "Compared: TCS Limited (NSE: TCS; …) and Infosys Limited (…)."; references that named no company are in the gaps. */
export function comparisonHeader(packet: EvidencePacket): string {
  const named = (packet.companies ?? []).flatMap((c) => (c.company ? [companyPhrase(c.company)] : []));
  const open = (packet.companies ?? []).filter((c) => c.company === null).map((c) => `‘${c.reference}’`);
  const compared = named.length > 0 ? `Compared side by side: ${named.join('; ')}.` : 'None of the companies named resolved exactly.';
  return open.length > 0 ? `${compared} Not resolved to one company, so not answered: ${open.join(', ')} (see the gaps).` : compared;
}
