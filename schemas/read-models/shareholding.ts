import { z } from 'zod';
import { DecimalStringSchema, IsoDateSchema, IsoDateTimeSchema, UuidSchema, datasetStatsSchema } from '#schemas/common';
import { CompanyIdentitySchema } from './company.ts';

const Percentage = (what: string) =>
  DecimalStringSchema.nullable().describe(
    `${what}, in percent of all shares as filed; null when the source does not state it (never 0 for missing)`,
  );

export const ShareholdingHolderSchema = z
  .object({
    category: z.string().describe('SEBI category path of the holder, e.g. "Promoter and Promoter Group / Indian / Any Other (specify)"'),
    name: z.string().describe('Holder name as filed'),
    shares: DecimalStringSchema.nullable().describe('Number of shares held; null when not stated'),
    percentage: DecimalStringSchema.nullable().describe('Percentage of all shares held; null when not stated'),
  })
  .describe('One named holder (or category total) of a shareholding pattern');
export type ShareholdingHolder = z.infer<typeof ShareholdingHolderSchema>;

/**
 * Ownership of one company at one period end, as stated by the newest filing known (at
 * `as_of`, when given). A re-fetched or re-filed pattern for the same period replaces the
 * older one; only one snapshot per period end is returned.
 */
export const ShareholdingSnapshotSchema = z
  .object({
    company: CompanyIdentitySchema.describe('The company the pattern is for'),
    period_end: IsoDateSchema.describe('The date the pattern is as of (a quarter end, or the date of an event-driven pattern)'),
    promoter_pct: Percentage('Promoter and promoter group (SEBI table II)'),
    fii_pct: Percentage('Foreign institutions (B(2)): foreign portfolio investors and the like'),
    dii_pct: Percentage('Domestic institutions (B(1)): mutual funds, insurers, banks, pension funds; includes mutual_fund_pct'),
    mutual_fund_pct: Percentage('Mutual funds / UTI (B(1)(a)), part of dii_pct'),
    public_pct: Percentage('Non-institutional public (B(4)): retail, bodies corporate, NRIs; not the whole public table'),
    pledged_pct: Percentage("Pledged promoter shares as a percentage of the promoters' own holding"),
    filing_id: UuidSchema.describe('The filing the figures come from'),
    source: z.string().describe('Publisher of the source document, e.g. nse, bse, third-party'),
    source_url: z.string().nullable().describe('URL of the source document; null when it was ingested from a file without one'),
    known_at: IsoDateTimeSchema.describe(
      'When the pattern became knowable: the dissemination time, or the SEBI LODR filing deadline as an upper-bound estimate when the source states none',
    ),
    recorded_at: IsoDateTimeSchema.describe('When this service recorded the filing'),
    holders: z
      .array(ShareholdingHolderSchema)
      .optional()
      .describe('Holder-level breakdown; present only when asked for (holders=true), empty when the source names no holders'),
  })
  .describe('An ownership snapshot of a company at a period end');
export type ShareholdingSnapshot = z.infer<typeof ShareholdingSnapshotSchema>;

/** Availability of the shareholding dataset. */
export const ShareholdingDatasetStatsSchema = datasetStatsSchema(
  {
    rows: 'Snapshots served: one per company (or stated identity) and period end',
    latest_known_at: 'Latest knowledge time of any stored pattern; null when empty',
  },
  'Row count and freshness of the shareholding dataset',
);
export type ShareholdingDatasetStats = z.infer<typeof ShareholdingDatasetStatsSchema>;
