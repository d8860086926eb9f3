import { tidyPurpose } from './purpose-text.ts';
import { readPurposePart, unparsedAction, type ParsedAction } from './read-purpose-part.ts';
import { splitPurpose } from './split-purpose.ts';

export type { ParsedAction } from './read-purpose-part.ts';

/**
 * Distributions of REITs and InvITs are paid per unit and split into interest, dividend and
 * return of capital; they are not share actions, and reading the "Dividend Re 0.29 Per
 * Unit" inside one as a dividend per share would be wrong. The whole purpose stays raw.
 */
const UNIT_DISTRIBUTION = /\bper\s+unit\b|\binvit\b|\breits?\b|\bunit\s*holders?\b/i;

/**
 * Reads the actions in an exchange's purpose text. Returns at least one action: a purpose
 * naming none of the five action types (a demerger, an AGM alone, a REIT distribution)
 * comes back as one action with a null type, so that nothing is dropped. A purpose naming
 * several ("Interim Dividend - Rs 6 Per Share/Special Dividend - Rs 4 Per Share") gives one
 * action each, in order; general meetings riding along are left out.
 */
export function parsePurpose(text: string): readonly ParsedAction[] {
  const tidy = tidyPurpose(text);
  if (tidy === '' || UNIT_DISTRIBUTION.test(tidy)) return [unparsedAction(tidy)];
  const actions = splitPurpose(tidy).flatMap((part) => {
    const reading = readPurposePart(part);
    return reading.kind === 'action' ? [reading.action] : [];
  });
  return actions.length > 0 ? actions : [unparsedAction(tidy)];
}
