import { BseScripCodeSchema, IsinSchema, NseSymbolSchema } from '#schemas/common';
import type { ReportedIdentity } from '#schemas/events';

/** Identifiers as a source states them, before checking. */
export interface StatedIdentity {
  readonly name?: string | null | undefined;
  readonly nseSymbol?: string | null | undefined;
  readonly bseCode?: string | null | undefined;
  readonly isin?: string | null | undefined;
}

const tidy = (text: string | null | undefined) => text?.replace(/\s+/g, ' ').trim() || null;

/**
 * The identity as stated, with each identifier checked on its own: one the schema would
 * refuse (a masked `******`, a symbol NSE does not allow) becomes null and a note, so the
 * filing is still read under the identifiers that are valid.
 */
export function reportedCompany(stated: StatedIdentity): { readonly company: ReportedIdentity; readonly notes: readonly string[] } {
  const notes: string[] = [];
  const check = <T>(
    label: string,
    text: string | null,
    schema: { safeParse(v: unknown): { success: true; data: T } | { success: false } },
  ) => {
    if (text === null) return null;
    const parsed = schema.safeParse(text);
    if (parsed.success) return parsed.data;
    notes.push(`${label} "${text}" is not valid and is left out`);
    return null;
  };
  const name = tidy(stated.name);
  if (name && name.length > 300) notes.push('the company name is longer than 300 characters and is left out');
  return {
    company: {
      name: name && name.length <= 300 ? name : null,
      nseSymbol: check('symbol', tidy(stated.nseSymbol)?.toUpperCase() ?? null, NseSymbolSchema),
      bseCode: check('BSE scrip code', tidy(stated.bseCode), BseScripCodeSchema),
      isin: check('ISIN', tidy(stated.isin)?.toUpperCase() ?? null, IsinSchema),
      cin: null,
    },
    notes,
  };
}
