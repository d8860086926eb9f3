import { z } from 'zod';
import { IsoDateSchema, IsoDateTimeSchema, Sha256HexSchema, UuidSchema } from '#schemas/common';
import { CompanySchema, IdentifierHistorySchema } from './company.ts';
import { CorporateActionSchema } from './corporate-action.ts';
import { CandleSchema } from './price.ts';
import { PriceAdjustModeSchema } from './price-adjustment.ts';
import { ShareholdingSnapshotSchema } from './shareholding.ts';

/** The datasets a point-in-time snapshot (`npm run snapshot`) writes, one Parquet file each, in this order. */
export const SNAPSHOT_DATASETS = ['companies', 'facts', 'metrics', 'prices', 'shareholding', 'corporate_actions'] as const;
export const SnapshotDatasetSchema = z.enum(SNAPSHOT_DATASETS).describe('A dataset of a snapshot: its file is <name>.parquet');
export type SnapshotDataset = z.infer<typeof SnapshotDatasetSchema>;

/**
 * One identifier of one company, as a snapshot as of T holds it: the links knowable by T
 * (`known_at` ≤ T) of the companies knowable by T, with the company's listing status on T's
 * day. What later knowledge alone could say is left out: whether it is current now, the
 * last day seen, and a day it stopped resolving to the company after T's day.
 */
export const CompanyIdentifierRowSchema = z
  .object({
    company_id: UuidSchema,
    company_known_at: IsoDateTimeSchema.describe('When the company first became knowable'),
    listing_status: CompanySchema.shape.listing_status.describe(
      "The company's status on the day of as_of (India), as GET /v1/companies?as_of gives it: listed, suspended, delisted or unknown",
    ),
    scheme: IdentifierHistorySchema.shape.scheme,
    value: IdentifierHistorySchema.shape.value,
    linked_by: IdentifierHistorySchema.shape.linked_by,
    known_at: IdentifierHistorySchema.shape.known_at,
    first_seen: IdentifierHistorySchema.shape.first_seen,
    resolves_from: IdentifierHistorySchema.shape.resolves_from,
    resolves_until: IsoDateSchema.nullable().describe(
      'Day from which it resolves to another company, when that day is on or before the day of as_of; else null (still this company as of then)',
    ),
    held_on_as_of: z.boolean().describe("Whether a reference by this identifier resolves to this company on as_of's day"),
  })
  .describe("A company's identifier in a snapshot");
export type CompanyIdentifierRow = z.infer<typeof CompanyIdentifierRowSchema>;

/** A daily candle of a snapshot: adjusted as the snapshot's adjustment says, with the company it belongs to. */
export const PriceRowSchema = z
  .object({
    company_id: UuidSchema.nullable().describe('The company the security belongs to; null for one no company holds (an index)'),
    ...CandleSchema.shape,
  })
  .describe('A daily candle in a snapshot');
export type PriceRow = z.infer<typeof PriceRowSchema>;

/** A corporate action in a snapshot; without `announcements`, which counts copies known later too. */
export const CorporateActionRowSchema = CorporateActionSchema.omit({ announcements: true }).describe('A corporate action in a snapshot');
export type CorporateActionRow = z.infer<typeof CorporateActionRowSchema>;

/** An ownership snapshot in a snapshot, without the holder breakdown. */
export const ShareholdingRowSchema = ShareholdingSnapshotSchema.omit({ holders: true }).describe('An ownership pattern in a snapshot');
export type ShareholdingRow = z.infer<typeof ShareholdingRowSchema>;

export const SnapshotFileSchema = z
  .object({
    dataset: SnapshotDatasetSchema,
    file: z.string().describe('File name, in the snapshot folder'),
    rows: z.number().int().describe('Rows in the file'),
    bytes: z.number().int().describe('Size of the file'),
    sha256: Sha256HexSchema.describe('SHA-256 of the file'),
    columns: z
      .array(z.object({ name: z.string(), type: z.string().describe('The Parquet type, e.g. DECIMAL(14,2), TEXT, DATE, TIMESTAMP') }))
      .describe('The columns, in order'),
    reused_from: z
      .string()
      .nullable()
      .describe(
        "The same file of an earlier snapshot of this run (a path from this folder) when its rows are this one's: the file is a hard link to it (a copy where links cannot be made)",
      ),
  })
  .describe('A file of a snapshot');
export type SnapshotFile = z.infer<typeof SnapshotFileSchema>;

export const SnapshotManifestSchema = z
  .object({
    as_of: IsoDateTimeSchema.describe('Knowledge time: every row is as it was knowable at this instant'),
    recorded_as_of: IsoDateTimeSchema.describe("This service's record the snapshot was read from: the time the run started"),
    service: z.object({ name: z.string(), version: z.string() }).describe('The service and its version (package.json)'),
    datasets: z.array(SnapshotDatasetSchema).describe('The datasets written'),
    price_adjustment: PriceAdjustModeSchema.describe('How the daily candles are adjusted for corporate actions known by as_of'),
    arguments: z.array(z.string()).describe('The arguments the command was given'),
    files: z.array(SnapshotFileSchema),
  })
  .describe('What a snapshot folder holds (manifest.json)');
export type SnapshotManifest = z.infer<typeof SnapshotManifestSchema>;
