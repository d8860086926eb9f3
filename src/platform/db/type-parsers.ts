/**
 * Result parsing shared by both adapters, so the same SQL returns the same JS values on
 * PGlite and on a server. Exact decimals stay strings; dates stay calendar dates.
 */
const OID = { int8: 20, date: 1082, numeric: 1700 } as const;

function parseInt8(text: string): number {
  const value = Number(text);
  if (!Number.isSafeInteger(value)) {
    throw new RangeError(`int8 value ${text} does not fit a JavaScript number; cast it to text`);
  }
  return value;
}

const identity = (text: string): string => text;

export const TYPE_PARSERS: Readonly<Record<number, (text: string) => unknown>> = {
  [OID.int8]: parseInt8,
  [OID.date]: identity,
  [OID.numeric]: identity,
};
