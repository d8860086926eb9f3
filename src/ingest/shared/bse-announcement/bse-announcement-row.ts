import type { Problem } from '#ingest/shared/parser';

/** One BSE announcement as read from its record (a CSV row of the listing, or a record of BSE's API). */
export interface BseAnnouncementRow {
  readonly kind: 'announcement';
  readonly where: string;
  readonly code: string | null;
  readonly name: string | null;
  readonly headline: string;
  readonly moreInfo: string;
  readonly category: string | null;
  readonly publishedAt: string;
  readonly attachmentUrl: string | null;
  /** What was dropped from an otherwise usable record. */
  readonly notes: readonly Problem[];
}
