import type { DisclosurePublished } from '#schemas/events';
import type { StoredEvent } from '#platform/event-store';
import { disclosureKey } from './natural-key.ts';
import { companyIdOfIsin } from '#domain/identity';
import { type StatedIdentityRow, statedIdentityRow } from '#projections/companies';

export type DisclosureEvent = StoredEvent<{ type: 'DisclosurePublished'; data: DisclosurePublished }>;

/** A row of the disclosures table, as `jsonb_to_recordset` reads it. */
export interface DisclosureRow extends StatedIdentityRow {
  readonly disclosure_id: string;
  readonly natural_key: string;
  readonly company_id: string | null;
  readonly event_type: string;
  readonly category: string | null;
  readonly subject: string;
  readonly body: string | null;
  readonly document_type: string | null;
  readonly attachment_url: string | null;
  readonly published_at: string;
  readonly known_at: string;
  readonly recorded_at: string;
  readonly source: string;
  readonly source_url: string | null;
  readonly source_sha256: string | null;
  readonly event_position: number;
  readonly parser_version: number;
}

export function toDisclosureRow({ data, metadata, position }: DisclosureEvent): DisclosureRow {
  return {
    disclosure_id: data.disclosureId,
    natural_key: disclosureKey(data),
    company_id: companyIdOfIsin(data.company.isin),
    ...statedIdentityRow(data.company),
    event_type: data.eventType,
    category: data.category,
    subject: data.subject,
    body: data.body,
    document_type: data.documentType,
    attachment_url: data.attachmentUrl,
    published_at: data.publishedAt,
    known_at: metadata.knownAt,
    recorded_at: metadata.recordedAt,
    source: metadata.source,
    source_url: metadata.sourceUrl,
    source_sha256: metadata.sourceSha256,
    event_position: position,
    parser_version: data.parserVersion,
  };
}

/**
 * The rows of a batch, one per disclosure: the highest parser version, and among equal
 * versions the later event (a re-parse of the same document with more context).
 */
export function planDisclosureRows(events: readonly DisclosureEvent[]): DisclosureRow[] {
  const byId = new Map<string, DisclosureEvent>();
  for (const event of events) {
    const seen = byId.get(event.data.disclosureId);
    if (!seen || seen.data.parserVersion <= event.data.parserVersion) byId.set(event.data.disclosureId, event);
  }
  return [...byId.values()].map(toDisclosureRow);
}
