import type { KnownAtBasis, CorporateActionType } from '#schemas/common';
import type { CorporateAction } from '#schemas/read-models';

/** A served row as the driver returns it: numerics as text, dates as text, instants as Date. */
export interface ActionRowRead {
  action_id: string;
  resolved_company_id: string | null;
  company_name: string | null;
  company_isin: string | null;
  reported_name: string | null;
  reported_nse_symbol: string | null;
  reported_bse_code: string | null;
  reported_isin: string | null;
  action_type: CorporateActionType | null;
  purpose: string;
  ex_date: string | null;
  record_date: string | null;
  amount_per_share: string | null;
  ratio_new: string | null;
  ratio_existing: string | null;
  face_value_from: string | null;
  face_value_to: string | null;
  source: string;
  source_url: string | null;
  source_file: string | null;
  source_document: string | null;
  copies: number;
  known_at: Date;
  known_at_basis: KnownAtBasis | null;
  recorded_at: Date;
}

export const toCorporateAction = (row: ActionRowRead): CorporateAction => ({
  id: row.action_id,
  company_id: row.resolved_company_id,
  company_name: row.company_name,
  company_isin: row.company_isin,
  company: {
    name: row.reported_name,
    nse_symbol: row.reported_nse_symbol,
    bse_code: row.reported_bse_code,
    isin: row.reported_isin,
  },
  action_type: row.action_type,
  purpose: row.purpose,
  ex_date: row.ex_date,
  record_date: row.record_date,
  amount_per_share: row.amount_per_share,
  ratio_new: row.ratio_new,
  ratio_existing: row.ratio_existing,
  face_value_from: row.face_value_from,
  face_value_to: row.face_value_to,
  source: row.source,
  source_url: row.source_url,
  source_file: row.source_file,
  source_document: row.source_document,
  announcements: row.copies,
  known_at: row.known_at.toISOString(),
  known_at_basis: row.known_at_basis,
  recorded_at: row.recorded_at.toISOString(),
});
