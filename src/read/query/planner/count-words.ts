import { lookupTable } from '#platform/lookup-table';

const WORDS: Readonly<Record<string, number>> = lookupTable({
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  fifteen: 15,
  twenty: 20,
  'twenty five': 25,
  thirty: 30,
  forty: 40,
  fifty: 50,
  hundred: 100,
});

/** A count written as digits or a word ("10", "ten", "twenty-five"). */
export const COUNT_PATTERN = String.raw`\d{1,4}|twenty[\s-]five|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|forty|fifty|hundred`;

/** The number a count stands for, or undefined. */
export function countOf(text: string): number | undefined {
  if (/^\d+$/.test(text)) return Number(text);
  return WORDS[text.toLowerCase().replace(/[\s-]+/g, ' ')];
}
