/**
 * The normalised event types of company disclosures (`DisclosurePublished.eventType`).
 * Every one is documented, with what maps to it, in docs/event-types.md; the list served by
 * `GET /v1/events?types=true` is whichever of these the stored disclosures carry.
 */
export const DISCLOSURE_EVENT_TYPES = [
  'financial_results',
  'board_meeting',
  'dividend',
  'bonus_issue',
  'stock_split',
  'rights_issue',
  'buyback',
  'corporate_action',
  'agm_egm',
  'annual_report',
  'credit_rating',
  'earnings_call',
  'investor_presentation',
  'press_release',
  'acquisition',
  'scheme_of_arrangement',
  'change_in_management',
  'insider_trading',
  'substantial_acquisition',
  'shareholding',
  'securities_issue',
  'order_or_contract',
  'legal_or_regulatory_action',
  'newspaper_publication',
  'clarification',
  'regulatory_update',
  'other',
] as const;

export type DisclosureEventType = (typeof DISCLOSURE_EVENT_TYPES)[number];
