import { z } from 'zod';
import { PeriodFilterSchema, BasisSchema } from '#schemas/common';
import { ConceptListParam } from './concept-list.ts';
import { ErrorDetailSchema } from './errors.ts';
import { AsOfParam, RecordedAsOfParam } from './params.ts';
import { TickerListParam } from './ticker-list.ts';

export const ExportFormatSchema = z
  .enum(['ndjson', 'csv', 'parquet'])
  .describe(
    'ndjson: application/x-ndjson, one fact object per line; csv: text/csv (RFC 4180), a header row, then one fact per row; parquet: application/vnd.apache.parquet, one row per fact with the columns of csv, typed (value an exact DECIMAL, dates DATE, instants TIMESTAMP in UTC)',
  );
export type ExportFormat = z.infer<typeof ExportFormatSchema>;

/** `GET /v1/financials/export`: the parameters of /v1/financials, for many companies, without paging. */
export const FinancialsExportQuerySchema = z.object({
  tickers: TickerListParam,
  period: PeriodFilterSchema.default('any'),
  basis: BasisSchema.optional(),
  concept: ConceptListParam.optional(),
  as_of: AsOfParam.optional(),
  recorded_as_of: RecordedAsOfParam.optional(),
  format: ExportFormatSchema.default('ndjson'),
});
export type FinancialsExportQuery = z.infer<typeof FinancialsExportQuerySchema>;

/** The 404 of an export: every reference that names no company, not only the first. */
export const UnknownTickersSchema = ErrorDetailSchema.extend({
  unknown_tickers: z
    .array(z.string())
    .describe('Each reference of `tickers` that names no company (as_of applied), trimmed, in the order given'),
})
  .meta({ id: 'UnknownTickers' })
  .describe('Some of the tickers name no company (404); nothing is sent');
export type UnknownTickers = z.infer<typeof UnknownTickersSchema>;
