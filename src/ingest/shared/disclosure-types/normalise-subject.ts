/**
 * A subject or category as the rules read it: BSE's `<BR>` tags and doubled apostrophes
 * ("Scrutinizer''s") undone, dots after "Corp" dropped, one space, lower case.
 */
export function normaliseSubject(text: string): string {
  return text
    .replace(/<br\s*\/?>/gi, ' ')
    .replace(/''/g, "'")
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();
}

export function normaliseCategory(text: string): string {
  return normaliseSubject(text).replace(/\./g, '').replace(/\s+/g, ' ');
}
