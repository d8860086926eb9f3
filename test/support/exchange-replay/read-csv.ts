import { parse } from 'csv-parse/sync';

/** A CSV's rows as cells, header first; ragged rows and a byte-order mark allowed (exchange files have both). */
export function readCsv(text: string): string[][] {
  const rows: string[][] = parse(text, { bom: true, relax_column_count: true, relax_quotes: true, skip_empty_lines: true });
  return rows;
}

/** Rows as objects keyed by the header's trimmed names (NSE pads its headers with spaces). */
export function readCsvRecords(text: string): Array<Record<string, string>> {
  const [header = [], ...rows] = readCsv(text);
  const names = header.map((name) => name.trim());
  return rows.map((cells) => Object.fromEntries(names.map((name, i) => [name, cells[i] ?? ''])));
}
