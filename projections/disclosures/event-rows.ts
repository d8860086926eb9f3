import type { DisclosureCompany, Event } from '#schemas/read-models';
import { type IdentityColumns, toCompanyIdentity, companyJoin, identityColumns, istDay, statedCompanyJoin } from '#projections/companies';

/** The identity columns of a disclosure; `company_id` is null when nothing resolves. */
export type DisclosureIdentityColumns = IdentityColumns<string | null>;

export interface EventRowRead extends DisclosureIdentityColumns {
  disclosure_id: string;
  event_type: string;
  category: string | null;
  subject: string;
  body: string | null;
  document_type: string | null;
  attachment_url: string | null;
  published_at: Date;
  known_at: Date;
  recorded_at: Date;
  source_url: string | null;
}

/**
 * Columns and joins that turn rows of a subquery aliased `d` into events: the company as
 * resolved now (its own id, else the one its stated identifiers resolve to), else as stated.
 */
export const EVENT_COLUMNS = `${identityColumns('d', 'r', 'c')},
  d.disclosure_id::text as disclosure_id, d.event_type, d.category, d.subject, d.body, d.document_type,
  d.attachment_url, d.published_at, d.known_at, d.recorded_at, d.source_url`;
export const EVENT_JOINS = `${statedCompanyJoin('d', 'r', istDay('d.published_at'))}
  ${companyJoin('d', 'r', 'c')}`;

export const toDisclosureCompany = (row: DisclosureIdentityColumns): DisclosureCompany => toCompanyIdentity(row);

export const toEvent = (row: EventRowRead): Event => ({
  id: row.disclosure_id,
  company: toDisclosureCompany(row),
  event_type: row.event_type,
  category: row.category,
  subject: row.subject,
  body: row.body,
  document_type: row.document_type,
  attachment_url: row.attachment_url,
  published_at: row.published_at.toISOString(),
  known_at: row.known_at.toISOString(),
  recorded_at: row.recorded_at.toISOString(),
  source_url: row.source_url,
});
