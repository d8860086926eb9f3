import { type Amount, readAmountAt } from './read-amount.ts';

// Where an amount may start: a currency sign or a digit not inside a word.
const START = /(?<![a-z0-9.,])(?:rs\.?\s*|inr\s*|₹\s*)?[+-]?\.?\d/gi;

/** Every amount in the text, left to right, none overlapping. */
export function findAmounts(text: string): Amount[] {
  const amounts: Amount[] = [];
  for (const start of text.matchAll(START)) {
    const at = start.index ?? 0;
    const last = amounts[amounts.length - 1];
    if (last && at < last.end) continue;
    const amount = readAmountAt(text, at);
    if (amount) amounts.push(amount);
  }
  return amounts;
}
