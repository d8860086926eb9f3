import { companyLikeRuns } from './lower-case-runs.ts';
import { type NameRun, nameRuns } from './name-runs.ts';
import { stopWordNames } from './stop-word-names.ts';
import { maskSpans, type Span, spanOf } from './spans.ts';
import { tokenise } from './tokens.ts';

/** The company as the question writes it, unresolved. */
export interface ReferenceRead {
  readonly reference: string | null;
  readonly span: Span | null;
  /** Other names written, for the notes: a plan holds one company. */
  readonly others: readonly string[];
}

// NSE:INFY, BSE:500325, an ISIN, a CIN: identifiers are taken as written.
const IDENTIFIER =
  /\b(?:NSE|BSE)\s*:\s*[A-Z0-9][A-Z0-9&\-_.]*[A-Z0-9&]|\b(?:NSE|BSE)\s*:\s*[A-Z0-9]\b|\b[LU]\d{5}[A-Z]{2}\d{4}[A-Z]{3}\d{6}\b|\b[A-Z]{2}[A-Z0-9]{9}\d\b/gi;
const isIdentifier = (text: string) => /:/.test(text) || (text.match(/\d/g)?.length ?? 0) >= 3;
const BSE_CODE = /(?<![\d.,])\b\d{6}\b(?![.,]?\d)/;
const REFERENCE_MAX = 200;
// "IT stocks", "cement companies", "Tata group companies": a kind of company, not one.
const KIND_OF = /^[ \t]+(?:group[ \t]+)?(?:companies|stocks|firms|sectors?|names|peers|majors|space|players|pack)\b/i;
const fits = (s: Span) => s.end - s.start <= REFERENCE_MAX;
// "What did companies say about credit ratings?": about companies in general, so a
// lower-case word is a topic, never a name.
const ABOUT_COMPANIES_IN_GENERAL = /\b(?:companies|stocks|firms|issuers|listed entities)\b/i;

/** A possessive first ("Compare TCS with Infosys's margins" names Infosys), else the first name written. */
const pickRun = (runs: readonly NameRun[]): NameRun | undefined => runs.find((r) => r.possessive) ?? runs[0];

/**
 * The company reference, exactly as written: an identifier (NSE:/BSE: form, ISIN, CIN),
 * else a run of name words, capitalised words first, lower-case words only when the
 * question has no capitalised name, else a bare six-digit BSE code. It is never resolved
 * here: "HDFC" stays "HDFC" for search to resolve or to offer candidates.
 */
export function extractReference(original: string, masked: string): ReferenceRead {
  const identifiers: Span[] = [...masked.matchAll(IDENTIFIER)].filter((m) => isIdentifier(m[0])).map(spanOf);
  const fixed = stopWordNames(masked);
  const rest = maskSpans(masked, [...identifiers, ...fixed]);
  const tokens = tokenise(rest);
  const names = (runs: readonly NameRun[]) => runs.filter((r) => fits(r) && !KIND_OF.test(rest.slice(r.end, r.end + 40)));
  const written = nameRuns(tokens, true);
  const capitalised = names(written);
  // Lower-case words are read only when the question capitalises no name at all.
  const lowerCaseNames = written.length === 0 && !ABOUT_COMPANIES_IN_GENERAL.test(rest);
  const runs = lowerCaseNames ? companyLikeRuns(names(nameRuns(tokens, false))) : capitalised;
  const code = BSE_CODE.exec(rest);
  const span = identifiers[0] ?? fixed[0] ?? pickRun(runs) ?? (code ? { start: code.index, end: code.index + code[0].length } : undefined);
  if (!span) return { reference: null, span: null, others: [] };
  const text = (s: Span) => original.slice(s.start, s.end);
  const reference = text(span);
  const others = [...new Set([...identifiers, ...fixed, ...capitalised].map(text))].filter((other) => other !== reference);
  return { reference, span: { start: span.start, end: span.end }, others };
}
