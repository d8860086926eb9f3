import { parseExchangeDate } from '#domain/indian-text';

/**
 * A date cell that may be empty: `-`, empty text and null are "not given" (null); a date
 * is read; anything else is `undefined`, which the caller reports as a problem for the row.
 */
export function readOptionalDate(
  text: string | null | undefined,
  read: (text: string) => string | null = parseExchangeDate,
): string | null | undefined {
  const t = text?.trim() ?? '';
  if (t === '' || t === '-') return null;
  return read(t) ?? undefined;
}
