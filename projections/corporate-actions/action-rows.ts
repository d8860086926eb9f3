import type { CorporateActionAnnounced } from '#schemas/events';
import type { StoredEvent } from '#platform/event-store';
import { actionKey } from './natural-key.ts';
import { companyIdOfIsin } from '#domain/identity';

export type ActionEvent = StoredEvent<{ type: 'CorporateActionAnnounced'; data: CorporateActionAnnounced }>;

/** A row of the corporate-actions table, derived from one event; pure. */
export interface ActionRow {
  readonly action_id: string;
  readonly company_id: string | null;
  readonly reported_name: string | null;
  readonly reported_nse_symbol: string | null;
  readonly reported_bse_code: string | null;
  readonly reported_isin: string | null;
  readonly action_type: string | null;
  readonly purpose: string;
  readonly ex_date: string | null;
  readonly record_date: string | null;
  readonly amount_per_share: string | null;
  readonly ratio_new: string | null;
  readonly ratio_existing: string | null;
  readonly face_value_from: string | null;
  readonly face_value_to: string | null;
  readonly source: string;
  readonly source_url: string | null;
  readonly source_file: string | null;
  readonly source_document: string | null;
  readonly parser_version: number;
  readonly event_position: number;
  readonly natural_key: string;
  readonly known_at: string;
  /** Where known_at comes from; null for events of parsers that did not say. */
  readonly known_at_basis: string | null;
  readonly recorded_at: string;
}

export function toActionRow(event: ActionEvent): ActionRow {
  const d = event.data;
  return {
    action_id: d.actionId,
    company_id: companyIdOfIsin(d.company.isin),
    reported_name: d.company.name,
    reported_nse_symbol: d.company.nseSymbol,
    reported_bse_code: d.company.bseCode,
    reported_isin: d.company.isin,
    action_type: d.actionType,
    purpose: d.purpose,
    ex_date: d.exDate,
    record_date: d.recordDate,
    amount_per_share: d.amountPerShare,
    ratio_new: d.ratio?.new ?? null,
    ratio_existing: d.ratio?.existing ?? null,
    face_value_from: d.faceValueFrom,
    face_value_to: d.faceValueTo,
    source: event.metadata.source,
    source_url: event.metadata.sourceUrl,
    source_file: event.metadata.sourceFile,
    source_document: event.metadata.sourceSha256,
    parser_version: d.parserVersion,
    event_position: event.position,
    natural_key: actionKey(d),
    known_at: event.metadata.knownAt,
    known_at_basis: event.metadata.knownAtBasis ?? null,
    recorded_at: event.metadata.recordedAt,
  };
}

/**
 * One row per action id: the highest parser version, and among equals the later event (a
 * re-parse of the same file). An upsert must not touch one row twice.
 */
export function latestPerAction(events: readonly ActionEvent[]): ActionRow[] {
  const byId = new Map<string, ActionRow>();
  for (const event of events) {
    const row = toActionRow(event);
    const seen = byId.get(row.action_id);
    if (!seen || seen.parser_version <= row.parser_version) byId.set(row.action_id, row);
  }
  return [...byId.values()];
}
