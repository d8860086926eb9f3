import { z } from 'zod';
import {
  DecimalStringSchema,
  IsoDateSchema,
  IsoDateTimeSchema,
  UuidSchema,
  KnownAtBasisSchema,
  CorporateActionTypeSchema,
  recordedDatasetStatsSchema,
} from '#schemas/common';

const AsFiled = (what: string) => z.string().nullable().describe(`${what} as the file states it`);

/** The company as the exchange file names it, before any resolution. */
export const ReportedCompanySchema = z
  .object({
    name: AsFiled('Company name'),
    nse_symbol: AsFiled('NSE symbol'),
    bse_code: AsFiled('BSE scrip code'),
    isin: AsFiled('ISIN'),
  })
  .describe('Company identity exactly as the source file states it');
export type ReportedCompany = z.infer<typeof ReportedCompanySchema>;

/**
 * One corporate action. The same action published in several downloads is returned once:
 * the earliest-known announcement, with `announcements` counting the copies.
 */
export const CorporateActionSchema = z
  .object({
    id: UuidSchema.describe('Id of the action (also its filing id in GET /v1/filings)'),
    company_id: UuidSchema.nullable().describe(
      'The company: as ingestion resolved it, else as the reported identifiers resolve now; null when unknown',
    ),
    company_name: z
      .string()
      .nullable()
      .describe('The name of company_id as the security master gives it now; null when the master holds no such company'),
    company_isin: z
      .string()
      .nullable()
      .describe(
        "ISIN of the company's equity share on the action's ex-date where known: of the ISINs a list given its date " +
          '(--known-at, known-at.json) showed, the one first shown latest on or before the ex-date. Else (no ex-date, or ' +
          "no such list by then; a list dated only by inference from its content does not count) the company's current " +
          'ISIN. null when the master holds no such company',
      ),
    company: ReportedCompanySchema,
    action_type: CorporateActionTypeSchema.nullable().describe(
      'Kind of action; null when the purpose names none of the five types (e.g. a demerger or a meeting)',
    ),
    purpose: z.string().describe('The purpose text exactly as published; it is the authority for anything not parsed'),
    ex_date: IsoDateSchema.nullable().describe('Ex-date: buying on or after it no longer carries the entitlement'),
    record_date: IsoDateSchema.nullable().describe('Record date, when published'),
    amount_per_share: DecimalStringSchema.nullable().describe(
      'Cash per share in INR (a dividend, or a buyback price when stated); null when not stated, never 0 for missing',
    ),
    ratio_new: DecimalStringSchema.nullable().describe('Bonus or rights ratio: new shares for every ratio_existing held'),
    ratio_existing: DecimalStringSchema.nullable().describe('Bonus or rights ratio: shares held that entitle to ratio_new'),
    face_value_from: DecimalStringSchema.nullable().describe('Split: face value per share before, INR'),
    face_value_to: DecimalStringSchema.nullable().describe('Split: face value per share after, INR'),
    source: z.string().describe('Publisher of the source file, e.g. bse, nse'),
    source_url: z.string().nullable().describe('URL of the source file; null when ingested from a file without one'),
    source_file: z.string().nullable().describe('File name of the source file as it was received; null when not recorded'),
    source_document: z.string().nullable().describe('SHA-256 of the source file (the id of its source document)'),
    announcements: z
      .number()
      .int()
      .describe('How many ingested files announced this same action (overlapping downloads are merged into one)'),
    known_at: IsoDateTimeSchema.describe(
      'When the action was first knowable: the earliest announcement, as known_at_basis says (the start of its ex-date or record date in India when no earlier time is known)',
    ),
    known_at_basis: KnownAtBasisSchema.nullable().describe(
      'Where known_at comes from: implied (by the ex-date or record date), file (the time given for the file or that it states it was fetched), received (when this service received the file), stated (an announcement time the source states); null for actions read before this was recorded (npm run reparse -- --outdated fills it)',
    ),
    recorded_at: IsoDateTimeSchema.describe('When this service recorded that announcement'),
  })
  .describe('A dividend, stock split, bonus issue, rights issue or buyback');
export type CorporateAction = z.infer<typeof CorporateActionSchema>;

export const CorporateActionDatasetStatsSchema = recordedDatasetStatsSchema(
  {
    rows: 'Distinct corporate actions stored (after merging repeated announcements)',
    latest_known_at: 'Greatest known_at of any action; null when empty',
    latest_recorded_at: 'When this service last recorded an action; null when empty',
  },
  'Size and freshness of the corporate-actions dataset',
);
export type CorporateActionDatasetStats = z.infer<typeof CorporateActionDatasetStatsSchema>;
