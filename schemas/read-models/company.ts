import { z } from 'zod';
import { KnownAtBasisSchema, IsoDateSchema, IsoDateTimeSchema, UuidSchema } from '#schemas/common';

/** Who a record is about: enough to identify the company without another call. */
export const CompanyIdentitySchema = z
  .object({
    id: UuidSchema.describe('Company UUID'),
    name: z.string().nullable().describe('Registered name, as the latest master list states it'),
    nse_symbol: z.string().nullable().describe('NSE trading symbol; null when not listed on NSE or not known'),
    bse_code: z.string().nullable().describe('BSE scrip code; null when not known'),
    isin: z.string().nullable().describe('ISIN of the primary equity share'),
    cin: z.string().nullable().describe('Corporate Identity Number; null when not known'),
  })
  .describe('Company identity');
export type CompanyIdentity = z.infer<typeof CompanyIdentitySchema>;

export const IdentifierSourceSchema = z
  .object({
    kind: z
      .enum(['nse-master', 'bse-list', 'index-list', 'results-listing', 'filing', 'shareholding', 'price-history', 'other'])
      .describe(
        "The kind of source: NSE's equity master, a BSE scrip list, an index list, NSE's results listing, the company's filing or shareholding pattern, a security-wise price history",
      ),
    source: z.string().describe('Publisher: nse, bse, niftyindices, ...'),
    file: z.string().nullable().describe('The source file'),
    url: z.string().nullable().describe('Where the source was published, when known'),
    known_at: IsoDateTimeSchema.describe('When the statement was knowable'),
    known_at_basis: KnownAtBasisSchema.nullable().describe(
      'How known_at was obtained. received: when this service received the file, nothing else being known (a list that ' +
        'states no date and was given none). file: the time given for a list (--known-at, known-at.json). null: a filing ' +
        "or listing's own dissemination time",
    ),
    observed_on: IsoDateSchema.nullable().describe(
      'The day the source shows the identifier held; null when the source only links it, or it is a list nothing dates',
    ),
    observed_on_basis: z
      .enum(['stated', 'inferred'])
      .nullable()
      .describe(
        "How observed_on was found. stated: the source's own date (the day of its known_at, a price history's day, the date " +
          'given for a list). inferred: a list that states no date and was given none: the earliest day its content allows ' +
          '(a week before the newest listing date it states; or the day of a list whose ISIN of some company it shows ' +
          'replaced by a later one). A lower bound: the list is of that day or later, not published then; its known_at stays ' +
          'when it was received',
      ),
  })
  .describe('A source that stated an identifier');

export const IdentifierHistorySchema = z
  .object({
    scheme: z.enum(['name', 'nse', 'bse', 'isin', 'cin']).describe('name, NSE symbol (nse), BSE scrip code (bse), ISIN or CIN'),
    value: z.string(),
    first_seen: IsoDateSchema.nullable().describe(
      'First day a source showed it for this company (for a list that states no date, the earliest day its content allows: see observed_on_basis); null when sources only link it',
    ),
    last_seen: IsoDateSchema.nullable().describe('Last day a source showed it for this company (the same way)'),
    known_at: IsoDateTimeSchema.describe('When the link was first knowable'),
    current: z.boolean().describe('The value the company has now for this scheme'),
    linked_by: z
      .enum(['isin', 'bse_code', 'symbol_change'])
      .describe(
        "How the statements reached this company: the issuer code of an ISIN; a BSE scrip code no source gave an ISIN for; or a price history showing the symbol as an earlier symbol of the company's security",
      ),
    resolves_from: IsoDateSchema.nullable().describe(
      'First day a reference by this identifier resolves to this company; null: from the beginning',
    ),
    resolves_until: IsoDateSchema.nullable().describe('Day from which it resolves to another company (a reused symbol); null: ever after'),
    sources: z.array(IdentifierSourceSchema).describe('Up to five sources: the newest of each kind first, then the newest'),
    source_count: z.number().int().describe('How many sources stated it'),
  })
  .describe('An identifier or name the company has had');
export type IdentifierHistory = z.infer<typeof IdentifierHistorySchema>;

export const ListingPeriodSchema = z
  .object({
    exchange: z.enum(['NSE', 'BSE']),
    status: z.enum(['listed', 'suspended', 'delisted']),
    valid_from: IsoDateSchema,
    valid_to: IsoDateSchema.nullable().describe('Exclusive; null while current'),
    basis: z.string().describe('What the status rests on: the list or filing that showed it, or the list it was missing from'),
  })
  .describe("The company's status on one exchange over a span of days");
export type ListingPeriod = z.infer<typeof ListingPeriodSchema>;

export const CompanySchema = CompanyIdentitySchema.extend({
  name: z.string().describe('The name the most authoritative, latest source states (exchange master lists and filings over index lists)'),
  sector: z.string().nullable(),
  industry: z.string().nullable(),
  listing_status: z.string().describe('listed on an exchange, else suspended, else delisted (as of as_of when given)'),
  listing_date: IsoDateSchema.nullable(),
  known_at: IsoDateTimeSchema.describe('When the company first became knowable'),
  updated_at: IsoDateTimeSchema.describe('Knowledge time of the latest statement about it'),
}).describe('A canonical listed company: its id never changes, whatever its ISINs, symbols and names');
export type Company = z.infer<typeof CompanySchema>;

/** A company with the history of its identity: what GET /v1/companies and get_company show. */
export const CompanyProfileSchema = CompanySchema.extend({
  identifiers: z
    .array(IdentifierHistorySchema)
    .describe('Every name, NSE symbol, BSE code, ISIN and CIN the company has had, with dates and sources'),
  listings: z.array(ListingPeriodSchema).describe('Its dated listing status on each exchange'),
}).describe('A canonical listed company with its identifier history and dated listing status');
export type CompanyProfile = z.infer<typeof CompanyProfileSchema>;

/** A company as GET /v1/companies lists it: a profile, and the former name a name search matched. */
export const CompanyListItemSchema = CompanyProfileSchema.extend({
  matched_former_name: z
    .string()
    .optional()
    .describe(
      'Present when `q` matched a name the company had before, not its current `name` ("Idea Cellular" lists Vodafone Idea); its days and sources are among `identifiers`',
    ),
}).describe('A canonical listed company with its identifier history and dated listing status');
export type CompanyListItem = z.infer<typeof CompanyListItemSchema>;

export const InstrumentSchema = z
  .object({
    id: UuidSchema,
    company_id: UuidSchema,
    exchange: z.string(),
    segment: z.string(),
    type: z.string(),
    ticker: z.string(),
    isin: z.string().nullable(),
    name: z.string(),
    series: z.string().nullable(),
    face_value: z.string().nullable(),
    listing_date: IsoDateSchema.nullable(),
    status: z.string(),
    known_at: IsoDateTimeSchema,
  })
  .describe('A tradable security of a company');
export type Instrument = z.infer<typeof InstrumentSchema>;
