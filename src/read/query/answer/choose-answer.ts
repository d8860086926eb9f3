import type { Answer, EvidencePacket } from '#schemas/query';
import { adviceTermsIn } from './advice-terms.ts';
import type { ModelWriter } from './model-writer.ts';
import { citeNumbers, numbersNotInPacket } from './number-check.ts';
import { quotedPassages } from './quoted-passages.ts';
import { writeAnswer } from './write-answer.ts';

/** Why the model's text was not used. */
export type FallbackReason =
  | { readonly kind: 'error'; readonly error: unknown }
  | { readonly kind: 'empty' }
  | { readonly kind: 'numbers'; readonly numbers: readonly string[] }
  | { readonly kind: 'advice'; readonly terms: readonly string[] };

export interface ChooseAnswerOptions {
  readonly modelWriter?: ModelWriter | undefined;
  readonly signal?: AbortSignal | undefined;
  /** Told when the model's text was rejected or the model failed, for the run's log. */
  readonly onFallback?: ((reason: FallbackReason) => void) | undefined;
}

function rejection(text: string, packet: EvidencePacket): FallbackReason | undefined {
  if (text.length === 0) return { kind: 'empty' };
  const numbers = numbersNotInPacket(text, packet);
  if (numbers.length > 0) return { kind: 'numbers', numbers };
  const terms = adviceTermsIn(text, packet);
  return terms.length > 0 ? { kind: 'advice', terms } : undefined;
}

/** The model's text when it passes the checks, else why not. */
async function checkedModelText(
  packet: EvidencePacket,
  writer: ModelWriter,
  signal: AbortSignal | undefined,
): Promise<{ readonly text: string } | { readonly reason: FallbackReason }> {
  let text: string;
  try {
    text = (await writer(packet, signal)).trim();
  } catch (error) {
    return { reason: { kind: 'error', error } };
  }
  const reason = rejection(text, packet);
  return reason === undefined ? { text } : { reason };
}

/**
 * The answer for a packet: the model's text when a model writer is given and its text passes
 * the same checks as the deterministic writer's (every number in the packet, no advice
 * words), with citations for its values and the passages it quotes; otherwise, and whenever the model fails or times
 * out, the deterministic text.
 */
export async function chooseAnswer(packet: EvidencePacket, options: ChooseAnswerOptions = {}): Promise<Answer> {
  const deterministic = writeAnswer(packet);
  if (!options.modelWriter) return deterministic;
  const outcome = await checkedModelText(packet, options.modelWriter, options.signal);
  if ('reason' in outcome) {
    options.onFallback?.(outcome.reason);
    return deterministic;
  }
  return {
    text: outcome.text,
    writer: 'model',
    citations: citeNumbers(outcome.text, packet),
    quotations: quotedPassages(outcome.text, packet),
  };
}
