/**
 * How packet text appears in prose. Both the writer and the number check use these, so a
 * name, message or passage written by the one is recognised by the other.
 */

/** Double quotation marks of any style: they delimit quotations in prose. */
const DOUBLE_QUOTES = /["“”„‟«»]/g;

/**
 * Packet text as written outside quotation marks: whitespace collapsed, and double
 * quotation marks turned into apostrophes so that only real quotations use them.
 */
export const plainText = (text: string): string => text.replace(DOUBLE_QUOTES, "'").replace(/\s+/g, ' ').trim();

/** Passage text as written inside “ ”: plainText without the ** ** match markers of a snippet. */
export const quotableText = (text: string): string => plainText(text.replace(/\*\*/g, ''));

export const hasLetter = (text: string): boolean => /\p{L}/u.test(text);

/**
 * A packet string that may stand anywhere in prose (a name, label or message): its plain
 * form when it has a letter. A string of digits alone never stands for itself, so it cannot
 * excuse the same digits used as a value.
 */
export function nameOf(text: string | null | undefined): string | undefined {
  const plain = plainText(text ?? '');
  return hasLetter(plain) ? plain : undefined;
}

/**
 * The words after which a code may stand in prose ("BSE: 500410", "filing 1234…"); the
 * number check excuses a code without letters only right after one of them.
 */
export const CODE_LABELS = ['BSE: ', 'NSE: ', 'company ', 'filing ', 'announcement ', 'series '] as const;
export type CodeLabel = (typeof CODE_LABELS)[number];

/**
 * A code (BSE code, ticker, id) written after its label: the plain form when it has a letter
 * or at least 6 characters; undefined for a short bare number.
 */
export function codeOf(label: CodeLabel, text: string | null | undefined): string | undefined {
  const plain = plainText(text ?? '');
  return hasLetter(plain) || plain.length >= 6 ? `${label}${plain}` : undefined;
}
