import { z } from 'zod';

/** A figure as the extract writes it: a JSON number (a float), possibly absent. */
const Figure = z.number().nullable().optional();

/** A named holder within a category: the filing's NameOfTheShareholder row. */
export const SourceEntitySchema = z.object({
  name: z.string(),
  shares: Figure,
  percentage: Figure,
  member_type: z.string().nullable().optional(),
});
export type SourceEntity = z.infer<typeof SourceEntitySchema>;

/**
 * One node of the extract's category tree. `member` is the XBRL domain member (null for the
 * author's own groupings "Retail Public" and "Others"); `explicit_*` are the filed facts,
 * `percentage`/`shares` the author's roll-ups, which are not read.
 */
export const SourceCategorySchema = z.object({
  name: z.string().nullable().optional(),
  member: z.string().nullable().optional(),
  explicit_percentage: Figure,
  explicit_shares: Figure,
  entities: z.array(SourceEntitySchema).optional(),
  get children(): z.ZodOptional<z.ZodArray<typeof SourceCategorySchema>> {
    return z.array(SourceCategorySchema).optional();
  },
});
export type SourceCategory = z.infer<typeof SourceCategorySchema>;

/** One filing: the general information facts and the category tree. */
export const SourceFilingSchema = z.object({
  general_info: z.object({
    NameOfTheCompany: z.string().nullable().optional(),
    ScripCode: z.union([z.string(), z.number()]).nullable().optional(),
    Symbol: z.string().nullable().optional(),
    DateOfReport: z.string().nullable().optional(),
  }),
  categories: z.array(SourceCategorySchema),
});
export type SourceFiling = z.infer<typeof SourceFilingSchema>;

/** The file: symbols, and per symbol the filings by the extract's filing key. */
export const SourceFileSchema = z.object({
  companies: z.array(z.string()).optional(),
  data: z.record(z.string(), z.record(z.string(), z.unknown())),
});
export type SourceFile = z.infer<typeof SourceFileSchema>;
