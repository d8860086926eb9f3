/** BSE's subject line: "<Company> - <scrip code> - <headline>". */
export interface BseSubject {
  readonly name: string;
  readonly code: string;
  readonly headline: string;
}

/** The parts of a BSE subject, or null when it does not have the "name - code - headline" form. */
export function splitBseSubject(subject: string): BseSubject | null {
  const m = /^(.+?) - (\d{6}) - ([\s\S]+)$/.exec(subject.trim());
  return m ? { name: (m[1] ?? '').trim(), code: m[2] ?? '', headline: (m[3] ?? '').trim() } : null;
}

/**
 * The company a "More Info" text names when BSE wrote it for the company: "INTERWORLD
 * DIGITAL LTD.-has informed BSE that …", "Manomay Tex India Ltdhas informed BSE that …" (no
 * space: BSE glues the name to the verb). Null for any other text.
 */
export function companyNameFromMoreInfo(moreInfo: string): string | null {
  const m = /^\s*(\S.{1,199}?)\s*-?\s*has informed (?:the )?(?:BSE|Exchange)\b/i.exec(moreInfo);
  return m?.[1]?.trim() || null;
}

const SALUTATION = /^(dear )?(sir|madam|sirs|sir\s*\/\s*madam|sir\s*\/\s*ma'+am|sir\(s\))[,.]?$/i;
const HEADLINE_MAX = 200;

/**
 * A headline for a record whose Subject is empty: the first line of its More Info that is
 * not a salutation, cut at a word before 200 characters.
 */
export function headlineFromMoreInfo(moreInfo: string): string | null {
  const line = moreInfo
    .split(/\r?\n/)
    .map((l) => l.trim())
    .find((l) => l !== '' && !SALUTATION.test(l));
  if (!line) return null;
  if (line.length <= HEADLINE_MAX) return line;
  const cut = line.slice(0, HEADLINE_MAX);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), HEADLINE_MAX / 2)).trimEnd()}…`;
}
