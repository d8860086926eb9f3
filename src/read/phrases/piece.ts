import type { Citation } from '#schemas/query';
import type { ValueSource } from './value-source.ts';

export type { Citation };

/** A part of the prose with the citations of the numbers in it. */
export interface Piece {
  readonly text: string;
  readonly citations: readonly Citation[];
}

export const piece = (text: string, citations: readonly Citation[] = []): Piece => ({ text, citations });

/** A number of the text cited to the packet value it renders. */
export const cite = (value: string, source: ValueSource): Citation => ({ value, ...source });

/** Pieces joined by `separator`, empty ones left out. */
export function joinPieces(pieces: readonly Piece[], separator: string): Piece {
  const kept = pieces.filter((p) => p.text.length > 0);
  return { text: kept.map((p) => p.text).join(separator), citations: kept.flatMap((p) => p.citations) };
}
