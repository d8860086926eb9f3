import { lookupTable } from '#platform/lookup-table';

const NAMED_ENTITIES: Readonly<Record<string, string>> = lookupTable({
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
});

/**
 * Decodes the HTML entities BSE leaves in its lists (`&amp;`, `&#160;`). Unknown named
 * entities stay as written rather than being guessed.
 */
export function decodeHtmlEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (entity, body: string) => {
    if (body.startsWith('#')) {
      const code = body[1] === 'x' || body[1] === 'X' ? parseInt(body.slice(2), 16) : parseInt(body.slice(1), 10);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : entity;
    }
    return NAMED_ENTITIES[body.toLowerCase()] ?? entity;
  });
}

/**
 * A name or label as a person would write it: entities decoded, non-breaking and repeated
 * spaces collapsed, and the stray trailing comma some BSE issuer names carry
 * (`Meenakshi Steel Industries Ltd.,`) dropped. `-` and empty text are null.
 */
export function cleanName(text: string | null | undefined): string | null {
  if (text === null || text === undefined) return null;
  const cleaned = decodeHtmlEntities(text)
    .replace(/[\s\u00a0]+/g, ' ')
    .trim()
    .replace(/\s*,$/, '')
    .trim();
  return cleaned === '' || cleaned === '-' ? null : cleaned;
}
