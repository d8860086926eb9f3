import { z } from 'zod';

/**
 * One filing of NSE's shareholding-pattern listing (`corporate-share-holdings-master`),
 * reduced to what ingestion uses. It travels as the `shareholdingListing` attribute of the
 * XBRL document it names, so it is validated again when read back from storage.
 */
export const ShareholdingListingEntrySchema = z
  .object({
    /** Name of the XBRL file, the last segment of its URL. */
    fileName: z.string().min(1),
    xbrlUrl: z.string().min(1),
    symbol: z.string().nullable(),
    isin: z.string().nullable(),
    companyName: z.string().nullable(),
    /** The date the pattern is as of (`date`, a quarter end for the quarterly pattern). */
    quarterEnd: z.string().nullable(),
    /** When NSE disseminated the filing (UTC ISO). */
    disseminatedAt: z.string().nullable(),
    /** Marked revised by NSE (`revisedStatus`/`revisedData`). */
    isRevision: z.boolean(),
  })
  .strict();
export type ShareholdingListingEntry = z.infer<typeof ShareholdingListingEntrySchema>;

/** The attribute the shareholding listing context gives an XBRL document. */
export const SHAREHOLDING_LISTING_ATTRIBUTE = 'shareholdingListing';

const AttributesSchema = z.object({ [SHAREHOLDING_LISTING_ATTRIBUTE]: ShareholdingListingEntrySchema }).loose();

/** The shareholding listing entry an XBRL document arrived with, if any. */
export function shareholdingListingOf(attributes: Readonly<Record<string, unknown>>): ShareholdingListingEntry | null {
  const parsed = AttributesSchema.safeParse(attributes);
  return parsed.success ? parsed.data[SHAREHOLDING_LISTING_ATTRIBUTE] : null;
}
