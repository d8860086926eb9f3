import type { FactLine } from '#projections/facts';

/** NDJSON of facts read as JSON text (`listFactLines`): one a line, each ended by a line feed. */
export function factNdjsonLines(lines: readonly FactLine[]): string {
  let text = '';
  for (const line of lines) text += `${line.json}\n`;
  return text;
}
