type Element = string | number | bigint | boolean | Date | null | undefined;

const SPECIAL = /(["\\])/g;

function element(value: Element): string {
  if (value === null || value === undefined) return 'NULL';
  const text = value instanceof Date ? value.toISOString() : String(value);
  const plain = !text.includes('"') && !text.includes('\\');
  return `"${plain ? text : text.replace(SPECIAL, '\\$1')}"`;
}

/**
 * A one-dimensional PostgreSQL array literal, e.g. `{"a","b",NULL}`, to pass as a
 * parameter cast to `<type>[]`. Every element is quoted, so commas, braces, spaces and the
 * word NULL inside values are data; quotes and backslashes are escaped. Both adapters
 * accept it, and building it here is several times cheaper than `pg`'s generic
 * serialiser on the large arrays of a projection batch.
 */
export function toPgArray(values: readonly Element[]): string {
  let literal = '{';
  for (let i = 0; i < values.length; i++) literal += (i === 0 ? '' : ',') + element(values[i]);
  return `${literal}}`;
}
