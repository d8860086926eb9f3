import type { DisclosureType } from './subject-rules.ts';
import { lookupTable } from '#platform/lookup-table';

/**
 * The exchange categories a subject falls back on when none of its specific phrases decides,
 * keyed by the normalised category (lower case, dots dropped, one space). BSE's categories
 * are broad; "Company Update" (and an empty category) says nothing and is not listed, so the
 * generic subject rules decide. NSE's subjects are themselves its categories and are read by
 * the subject rules.
 */
export const CATEGORY_RULES: Readonly<Record<string, DisclosureType>> = lookupTable({
  'board meeting': { eventType: 'board_meeting', documentType: null },
  result: { eventType: 'financial_results', documentType: 'financial_results' },
  results: { eventType: 'financial_results', documentType: 'financial_results' },
  'agm/egm': { eventType: 'agm_egm', documentType: null },
  // BSE writes both "Corp. Action" and "Corp Action".
  'corp action': { eventType: 'corporate_action', documentType: null },
  // BSE files insider trading (PIT) and takeover (SAST) disclosures under one category; the
  // subject names which, and a subject that does not is read as the first.
  'insider trading / sast': { eventType: 'insider_trading', documentType: 'insider_trading' },
});
