import type { RecordedEventMetadata } from '#schemas/events';

/**
 * Shared by the projection slices (a slice imports this folder and projections/companies,
 * never another slice): the source-file columns a row keeps from its event's metadata.
 */
export interface SourceFileRow {
  readonly source_url: string | null;
  readonly source_file: string | null;
  readonly source_sha256: string | null;
  readonly known_at: string;
  readonly recorded_at: string;
}

export const sourceFileRow = (metadata: RecordedEventMetadata): SourceFileRow => ({
  source_url: metadata.sourceUrl,
  source_file: metadata.sourceFile,
  source_sha256: metadata.sourceSha256,
  known_at: metadata.knownAt,
  recorded_at: metadata.recordedAt,
});

/**
 * The same columns in a `create table`, at the indent and alignment the tables use (the
 * DDL text must not change, or the projection's version would have to).
 */
export const SOURCE_FILE_COLUMNS = `source_url           text,
      source_file          text,
      source_sha256        text,
      known_at             timestamptz(3) not null,
      recorded_at          timestamptz(3) not null`;
