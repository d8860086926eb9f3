import { decodeText } from './read-csv-table.ts';

/** A document's JSON value, or why it is not JSON followed by what was `expected` instead. */
export function readJson(bytes: Uint8Array, expected: string): { ok: true; value: unknown } | { ok: false; reason: string } {
  try {
    return { ok: true, value: JSON.parse(decodeText(bytes)) as unknown };
  } catch (error) {
    return { ok: false, reason: `not valid JSON (${error instanceof Error ? error.message : String(error)}): ${expected}` };
  }
}
