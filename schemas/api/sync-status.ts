import { z } from 'zod';
import { IsoDateTimeSchema } from '#schemas/common';

/**
 * One dataset's standing in the exchange connectors' progress (docs/operations.md, "Sync"),
 * as /health words it (camelCase, like the rest of /health).
 */
export const SyncDatasetHealthSchema = z
  .object({
    dataset: z.string().describe('A dataset of `npm run sync` (npm run sync -- status lists them)'),
    lastSuccess: IsoDateTimeSchema.nullable().describe('When a fetch of it last got data; null if none ever did'),
    lastUnit: z.string().nullable().describe('The newest unit fetched or found empty (a date, a window, a symbol)'),
    nextDue: IsoDateTimeSchema.nullable().describe('When its earliest unit that got no data is tried again; null when none waits'),
    lagSeconds: z
      .number()
      .int()
      .nullable()
      .describe('How far behind its schedule it is: seconds since nextDue when that has passed, else 0; null when it was never tried'),
    failing: z.number().int().describe('Units whose last try got no data (blocked, failed, not yet published)'),
    lastError: z.string().nullable().describe('The latest error recorded for it'),
  })
  .describe("A dataset's last successful sync and lag behind its schedule");
export type SyncDatasetHealth = z.infer<typeof SyncDatasetHealthSchema>;

export const SyncHealthSchema = z
  .object({
    following: z.boolean().describe('Whether this deployment follows the exchanges itself (SYNC=on in this process)'),
    datasets: z
      .array(SyncDatasetHealthSchema)
      .describe('Each dataset followed or ever synced, by name; empty when sync is off and nothing was ever synced'),
  })
  .describe('The exchange connectors: what is followed, and how current each dataset is');
export type SyncHealth = z.infer<typeof SyncHealthSchema>;

/** The same standing as `GET /v1/` words it (snake_case, like the rest of /v1/). */
export const SyncDatasetStatusSchema = z
  .object({
    dataset: SyncDatasetHealthSchema.shape.dataset,
    last_success: SyncDatasetHealthSchema.shape.lastSuccess,
    last_unit: SyncDatasetHealthSchema.shape.lastUnit,
    next_due: SyncDatasetHealthSchema.shape.nextDue,
    lag_seconds: SyncDatasetHealthSchema.shape.lagSeconds,
    failing: SyncDatasetHealthSchema.shape.failing,
    last_error: SyncDatasetHealthSchema.shape.lastError,
  })
  .describe("A dataset's last successful sync and lag behind its schedule");

export const SyncStatusSchema = z
  .object({ following: SyncHealthSchema.shape.following, datasets: z.array(SyncDatasetStatusSchema) })
  .describe('The exchange connectors: what is followed, and how current each dataset is');
export type SyncStatus = z.infer<typeof SyncStatusSchema>;
