import type { Prng } from './prng.ts';

/**
 * First words of company names: Indian-sounding given names and words, combined with a
 * sector noun ("Aarohan Cements Limited"). The combinations are meant to read like listed
 * companies without naming a real one.
 */
const FIRST_WORDS = [
  'Aarohan',
  'Abhiram',
  'Advaya',
  'Amrapali',
  'Anvaya',
  'Aranya',
  'Ashvika',
  'Bhavya',
  'Chaitanya',
  'Charvik',
  'Devika',
  'Dhruvank',
  'Ekaksha',
  'Gaurang',
  'Girivar',
  'Hiranya',
  'Ishanvi',
  'Jaivik',
  'Kalindi',
  'Kavyansh',
  'Lavanya',
  'Madhuvan',
  'Mrinal',
  'Nakshatra',
  'Navrang',
  'Nilanjan',
  'Ojasvi',
  'Padmaja',
  'Pranjal',
  'Pushkala',
  'Rajanya',
  'Ritvika',
  'Rudransh',
  'Saanvika',
  'Samarth',
  'Shaurya',
  'Sudhanva',
  'Tanmaya',
  'Tejasvat',
  'Trivikram',
  'Udayan',
  'Utkarsh',
  'Vaidehi',
  'Vardhan',
  'Vihaan',
  'Vishwaroop',
  'Yashvardhan',
  'Yuvika',
  'Zorawar',
  'Kaveri',
];

/** Words that tell two companies of the same first word and sector apart. */
const QUALIFIERS = ['Bharat', 'Global', 'National', 'United', 'Pioneer', 'Standard', 'Eastern', 'Western', 'Deccan', 'Coastal'];

export interface CompanyName {
  readonly name: string;
  readonly symbol: string;
}

/**
 * A name and NSE symbol not yet taken. The symbol is the first word and the noun's first
 * letters in capitals, at most 20 characters, with a number added when still taken.
 */
export function pickCompanyName(rng: Prng, nouns: readonly string[], takenNames: Set<string>, takenSymbols: Set<string>): CompanyName {
  const first = rng.pick(FIRST_WORDS);
  const noun = rng.pick(nouns);
  const candidates = [`${first} ${noun}`, ...QUALIFIERS.map((q) => `${first} ${q} ${noun}`)];
  const base = candidates.find((c) => !takenNames.has(`${c} Limited`)) ?? `${first} ${noun} ${takenNames.size + 1}`;
  const name = `${base} Limited`;
  const letters = (word: string, n: number) =>
    word
      .replace(/[^A-Za-z]/g, '')
      .toUpperCase()
      .slice(0, n);
  const words = base.split(' ');
  const stem = `${letters(first, 10)}${words.length > 2 ? letters(words[1] ?? '', 1) : ''}${letters(noun, 3)}`;
  let symbol = stem;
  for (let n = 2; takenSymbols.has(symbol); n++) symbol = `${stem.slice(0, 20 - String(n).length)}${n}`;
  takenNames.add(name);
  takenSymbols.add(symbol);
  return { name, symbol };
}
