import { parseExchangeDateTime } from '#domain/indian-text';

/**
 * The wrapper's fetch time as an instant. It is written "2026-07-01T15:48:06.951711+00:00Z"
 * (an offset and a Z both), so a Z after an offset is dropped before reading. Null when
 * absent or unreadable: the connector's time is used then.
 */
export function readFetchedAt(text: string | null): string | null {
  if (!text) return null;
  return parseExchangeDateTime(text.trim().replace(/([+-]\d{2}:?\d{2})Z$/, '$1'));
}
