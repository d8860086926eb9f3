/**
 * Where a new action starts inside a purpose: an optional qualifier and a keyword.
 * ("Interim Dividend", "Special Dividend", "Bonus", "Rights", "Buyback", "Face Value Split").
 */
const QUALIFIERS = '(?:(?:final|interim|special|first|second|third|1st|2nd|3rd)\\s+)*';
const KEYWORDS = [
  'div(?:idend|dend|idned)?\\b',
  'int\\s+div\\b',
  'bonus\\b',
  'rights?\\b',
  'buy\\s*-?\\s*back\\b',
  '(?:stock|face\\s+value)\\s+split\\b',
];
const ACTION_START = `${QUALIFIERS}(?:${KEYWORDS.join('|')})`;

/**
 * Separators between actions:
 * - a slash, except the `/-` of an amount ("Rs 10/-") and a slash between digits (a date);
 * - `&`, `+`, `and` or `plus` when an action follows ("... & Special Dividend Rs 10 ...");
 * - nothing but a space, after an amount or "Per Share", when an action follows (NSE's
 *   "Interim Dividend - Rs 8 Per Share Special Dividend - Rs 67 Per Share").
 */
const SEPARATORS = [
  /(?<!\d)\/(?!-)|(?<=\d)\/(?![-\d])/i,
  new RegExp(`\\s*(?:&|\\+|\\band\\b|\\bplus\\b)\\s*(?=${ACTION_START})`, 'i'),
  new RegExp(`(?<=(?:\\bper\\s+sh(?:are)?\\.?|\\d|/-))\\s+(?=${ACTION_START})`, 'i'),
];

const splitOn = (parts: readonly string[], separator: RegExp) => parts.flatMap((part) => part.split(separator));

/** The parts of a tidied purpose that may each be an action, in order; never empty strings. */
export function splitPurpose(text: string): readonly string[] {
  return SEPARATORS.reduce<readonly string[]>(splitOn, [text])
    .map((part) => part.replace(/^[\s\-–,;:&]+|[\s,;&]+$/g, ''))
    .filter((part) => part !== '');
}
