import { z } from 'zod';
import { IsoDateTimeSchema } from './primitives.ts';

/** How each read model words the size and freshness of its dataset. */
export interface DatasetStatsText {
  readonly rows: string;
  readonly latest_known_at: string;
}

const statsFields = (text: DatasetStatsText) => ({
  rows: z.number().int().describe(text.rows),
  latest_known_at: IsoDateTimeSchema.nullable().describe(text.latest_known_at),
});

/** The size and freshness of one dataset, for the dataset index: its rows and the newest known_at. */
export const datasetStatsSchema = (text: DatasetStatsText, description: string) => z.object(statsFields(text)).describe(description);

/** The same, with when this service last recorded a row. */
export const recordedDatasetStatsSchema = (text: DatasetStatsText & { readonly latest_recorded_at: string }, description: string) =>
  z
    .object({
      ...statsFields(text),
      latest_recorded_at: IsoDateTimeSchema.nullable().describe(text.latest_recorded_at),
    })
    .describe(description);
