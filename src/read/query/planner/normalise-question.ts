/**
 * The question with look-alike characters made plain, one character for one so every
 * offset still points into the question as written: curly quotes become straight ones,
 * dashes a hyphen, unusual spaces and control characters a space (NUL included, because
 * NUL is the planner's mask).
 */
export function normaliseQuestion(question: string): string {
  return question
    .replace(/[\u2018\u2019\u201B\u2032\u0060\u00B4]/g, "'")
    .replace(/[\u201C\u201D\u201E\u2033]/g, '"')
    .replace(/[\u2010-\u2015\u2212]/g, '-')
    .replace(/[\p{Cc}\p{Zs}\u200B\uFEFF]/gu, (c) => (c === '\n' ? c : ' '));
}
