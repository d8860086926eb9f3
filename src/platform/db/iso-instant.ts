import parseDate from 'postgres-date';

// `pg` parses a timestamptz's text with postgres-date (pg-types' parser for type 1184); the
// same package, at the version `pg` uses, without loading `pg` itself.
const parseInstant = (text: string) => parseDate(text) as Date;
// The form a server in UTC writes (the pool sets `-c TimeZone=UTC`), years 1000 to 9999.
const UTC_INSTANT = /^([1-9]\d{3}-\d{2}-\d{2}) (\d{2}:\d{2}:\d{2})(?:\.(\d{1,6}))?\+00$/;

/**
 * `toISOString()` of the Date `pg` parses from a timestamptz's text: written directly for the
 * form a server in UTC writes, the milliseconds computed as `pg`'s parser computes them
 * (truncated); any other text is parsed as `pg` parses it.
 */
export function isoInstant(text: string): string {
  const match = UTC_INSTANT.exec(text);
  if (!match) return parseInstant(text).toISOString();
  const ms = match[3] === undefined ? 0 : Math.trunc(1000 * parseFloat(`.${match[3]}`));
  return `${match[1]}T${match[2]}.${String(ms).padStart(3, '0')}Z`;
}
