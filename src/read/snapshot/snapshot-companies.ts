import { listCompanies, COMPANIES, COMPANY_IDENTIFIERS, COMPANY_LISTINGS, SYMBOL_CHAINS } from '#projections/companies';
import type { CompanyListItem, CompanyIdentifierRow } from '#schemas/read-models';
import type { SqlExecutor } from '#platform/db';
import { istDateOf } from '#platform/time';
import { anyBetween, anyDayBetween } from './known-between.ts';

const before = (instant: string) => (knownAt: string) => Date.parse(knownAt) <= Date.parse(instant);

/** A company's identifiers knowable at `asOf`, with what `day` (the day of `asOf` in India) shows of their spans. */
function identifierRows(company: CompanyListItem, asOf: string, day: string): CompanyIdentifierRow[] {
  const knownBy = before(asOf);
  return company.identifiers
    .filter((identifier) => knownBy(identifier.known_at))
    .map((identifier) => {
      const from = identifier.resolves_from;
      const until = identifier.resolves_until !== null && identifier.resolves_until <= day ? identifier.resolves_until : null;
      return {
        company_id: company.id,
        company_known_at: company.known_at,
        listing_status: company.listing_status,
        scheme: identifier.scheme,
        value: identifier.value,
        linked_by: identifier.linked_by,
        known_at: identifier.known_at,
        first_seen: identifier.first_seen,
        resolves_from: from,
        resolves_until: until,
        held_on_as_of: (from === null || from <= day) && until === null,
      };
    });
}

/**
 * The companies knowable at `asOf` with their identifiers knowable then, one row per
 * identifier (`CompanyIdentifierRowSchema`), read through `listCompanies` with `asOf` (the
 * listing status on its day) in pages of `pageSize` companies, by name. The identity tables
 * are derived from every statement the service holds and have no as-of read by knowledge
 * time: a company or link first knowable after `asOf` is left out, and of each link's span of
 * days only what lies on or before the day of `asOf`.
 */
export async function* companyRows(
  db: SqlExecutor,
  asOf: string,
  pageSize: number,
): AsyncGenerator<CompanyIdentifierRow[], void, undefined> {
  const day = istDateOf(asOf);
  const knownBy = before(asOf);
  for (let offset = 0; ; offset += pageSize) {
    const { items } = await listCompanies(db, { asOf, limit: pageSize, offset });
    const rows = items.filter((company) => knownBy(company.known_at)).flatMap((company) => identifierRows(company, asOf, day));
    if (rows.length > 0) yield rows;
    if (items.length < pageSize) return;
  }
}

/**
 * Whether the rows as of `to` may differ from those as of `from` (earlier): a company or link
 * became knowable in between, or a day between the two days starts or ends a link's span or a
 * listing period (the status and `held_on_as_of` are of the day).
 */
export async function companiesMayChange(db: SqlExecutor, from: string, to: string): Promise<boolean> {
  return (
    (await anyBetween(db, COMPANIES, from, to)) ||
    (await anyBetween(db, COMPANY_IDENTIFIERS, from, to)) ||
    (await anyBetween(db, SYMBOL_CHAINS, from, to)) ||
    (await anyDayBetween(db, COMPANY_IDENTIFIERS, 'resolve_from', from, to)) ||
    (await anyDayBetween(db, COMPANY_IDENTIFIERS, 'resolve_to', from, to)) ||
    (await anyDayBetween(db, COMPANY_LISTINGS, 'valid_from', from, to)) ||
    (await anyDayBetween(db, COMPANY_LISTINGS, 'valid_to', from, to))
  );
}
