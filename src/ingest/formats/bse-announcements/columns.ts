import type { ColumnSpec } from '#ingest/shared/parse-support';

/** The columns of BSE's announcements listing as saved to CSV (all required, and detection). */
export const BSE_ANNOUNCEMENTS_COLUMNS = {
  symbol: 'Symbol',
  subject: 'Subject',
  date: 'Date',
  moreInfo: 'More Info',
  category: 'Category',
  pdf: 'PDF',
} as const satisfies ColumnSpec<string>;

export type BseAnnouncementsColumn = keyof typeof BSE_ANNOUNCEMENTS_COLUMNS;
