import { z } from 'zod';

/**
 * One filing of NSE's results listings, reduced to what ingestion uses. It travels as the
 * `listing` attribute of the XBRL document it describes, so it is validated again when
 * read back from storage.
 */
export const ListingEntrySchema = z
  .object({
    /** Name of the XBRL file, the last segment of its URL. */
    fileName: z.string().min(1),
    xbrlUrl: z.string().min(1),
    symbol: z.string().nullable(),
    isin: z.string().nullable(),
    companyName: z.string().nullable(),
    basis: z.enum(['consolidated', 'standalone']).nullable(),
    fromDate: z.string().nullable(),
    toDate: z.string().nullable(),
    /** When NSE disseminated the filing (UTC ISO). */
    disseminatedAt: z.string().nullable(),
    /** A later filing for the same company, period and basis as an earlier one, or marked a revision by NSE. */
    isRevision: z.boolean(),
  })
  .strict();
export type ListingEntry = z.infer<typeof ListingEntrySchema>;

/** The attributes the listing context gives an XBRL document. */
export const ListingAttributesSchema = z.object({ listing: ListingEntrySchema }).loose();

/** The listing entry an XBRL document arrived with, if any. */
export function listingOf(attributes: Readonly<Record<string, unknown>>): ListingEntry | null {
  const parsed = ListingAttributesSchema.safeParse(attributes);
  return parsed.success ? parsed.data.listing : null;
}
