import { latestOwnershipSql } from '#projections/shareholding';
import { OWNERSHIP_FIELDS } from '#schemas/common';
import { OWNERSHIP_SCREEN_METRICS } from '#read/metrics';
import { inputSql, type ScreenSource } from './screen-source.ts';

const IDS = new Set<string>(OWNERSHIP_FIELDS);

/** Ownership percentages of each company's newest shareholding snapshot known at the screen's instant. */
export const ownershipScreenSource: ScreenSource = {
  id: 'ownership',
  dataset: 'shareholding',
  metrics: OWNERSHIP_SCREEN_METRICS,
  cte(metricIds, _param, asOf) {
    // Column names come from the fixed list above, never from the request.
    const columns = metricIds.filter((id) => IDS.has(id)).map((id) => `o.${id}`);
    return `select o.company_id, null::text as basis, 'shareholding_snapshot'::text as period_type,
              null::date as period_start, o.period_end, null::int as fiscal_year, o.known_at,
              jsonb_build_array(${inputSql("'shareholding_pattern'", 'o.period_end', 'o.known_at', 'o.filing_id')}) as inputs${columns.map((c) => `, ${c}`).join('')}
            from (${latestOwnershipSql(asOf === null ? {} : { asOf })}) o`;
  },
};
