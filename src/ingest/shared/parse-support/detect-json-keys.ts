import type { Parser } from '#ingest/shared/parser';

/** Detection of a JSON format by its own field names: the head opens an array or object and names every key. */
export function detectJsonKeys(...keys: readonly string[]): Parser['detect'] {
  return (_fileName, head) => /^\s*[[{]/.test(head) && keys.every((key) => head.includes(`"${key}"`));
}
