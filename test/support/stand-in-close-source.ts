import type { ScreenSource } from '#read/screening/screen-source';

/**
 * A stand-in for a later screening source (the latest close), to show how a second source
 * joins the facts: every company closes at 100.5 on 31 Jan 2025, its day bound as a parameter.
 */
export const STAND_IN_CLOSE_SOURCE: ScreenSource = {
  id: 'close',
  metrics: [{ id: 'price', label: 'Last close', unit: 'INR/share', description: 'A stand-in close of 100.5 for every company' }],
  cte: (_ids, param) => `select company_id, null::text as basis, 'trading_day'::text as period_type, null::date as period_start,
    ${param('2025-01-31')}::date as period_end, null::int as fiscal_year, null::timestamptz as known_at, '[]'::jsonb as inputs, 100.5::numeric as "price" from rm_companies_v4`,
};
