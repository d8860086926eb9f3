import type { EvidencePacket } from '#schemas/query';
import { factSentence, metricSentence, joinPieces, piece, type Piece } from '#read/phrases';
import { conditionPhrase } from './threshold-phrase.ts';
import { comparesCompanies, comparisonLines } from './comparison-section.ts';

/** Facts, then metrics, one sentence each, in packet order. */
function figureLines(packet: EvidencePacket): Piece {
  if (comparesCompanies(packet)) return comparisonLines(packet);
  return joinPieces(
    [...packet.facts.map((f) => factSentence(f, packet.company)), ...packet.metrics.map((m) => metricSentence(m, packet.company))],
    '\n',
  );
}

export const hasFigures = (packet: EvidencePacket): boolean => packet.facts.length > 0 || packet.metrics.length > 0;

/** exact and hybrid: each fact and metric with its period, basis, value and source. */
export function figuresSection(packet: EvidencePacket): Piece {
  return hasFigures(packet) ? figureLines(packet) : piece('No reported facts or derived metrics were found for this request.');
}

/** filter: the condition, then the periods that meet it with their values. */
export function filterSection(packet: EvidencePacket): Piece {
  const { condition, conditions, concepts, basis } = packet.plan;
  const head = condition
    ? (() => {
        const phrase = conditionPhrase(condition, concepts[0], conditions);
        return piece(`Periods in which ${phrase.text} (${basis} figures):`, phrase.citations);
      })()
    : piece('Periods found:');
  const body = hasFigures(packet) ? figureLines(packet) : piece('No period meets the condition in the data.');
  return joinPieces([head, body], '\n');
}
