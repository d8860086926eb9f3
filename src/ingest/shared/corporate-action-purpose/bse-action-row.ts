import type { CompanyLookup } from '#ingest/shared/parser';
import type { RowResult } from '#ingest/shared/parse-support';
import type { CorporateActionRow } from './corporate-action-events.ts';

/** What a BSE action record states: the scrip code, the purpose as published, its dates and the company's name if any. */
export interface BseActionFields {
  readonly code: string;
  readonly purpose: string;
  readonly exDate: string | null;
  readonly recordDate: string | null;
  readonly name: string | null;
}

/** A BSE action (export or API) as a row: the company is the one its scrip code resolves to. */
export function bseActionRow(where: string, fields: BseActionFields, companies: CompanyLookup): RowResult<CorporateActionRow> {
  const { code, purpose, exDate, recordDate, name } = fields;
  return {
    ok: true,
    row: {
      where,
      exchange: 'BSE',
      ticker: code,
      purpose,
      exDate,
      recordDate,
      companyId: companies.resolve({ bseCode: code }),
      company: { name, nseSymbol: null, bseCode: code, isin: null },
    },
  };
}
