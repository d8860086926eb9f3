import { COMPANIES, INSTRUMENTS } from '../../projections/companies/tables.ts';
import { FACTS } from '../../projections/facts/tables.ts';
import { latestCloseSql } from '../../projections/prices/queries.ts';
import type { ScreenSource, ScreenSourceMetric } from './screen-source.ts';

const METRICS: readonly ScreenSourceMetric[] = [
  {
    id: 'price',
    label: 'Last close',
    unit: 'INR/share',
    description: "The newest daily close on NSE of the company's NSE symbol.",
  },
  {
    id: 'market_cap',
    label: 'Market capitalisation',
    unit: 'INR',
    description:
      'Last NSE close × shares outstanding, rounded to the rupee. Shares outstanding = the latest reported EquityShareCapital (standalone where filed) ÷ the face value of the NSE equity listing; null when any of them is missing.',
  },
];

const COLUMNS: Record<string, string> = {
  price: 'l.close as price',
  market_cap: 'round(l.close * cap.value / nullif(fv.face_value, 0)) as market_cap',
};

/** The newest NSE close of each company, and the market capitalisation it implies. */
export const marketScreenSource: ScreenSource = {
  id: 'market',
  dataset: 'prices',
  metrics: METRICS,
  cte(metricIds) {
    const columns = metricIds.flatMap((id) => (COLUMNS[id] ? [COLUMNS[id]] : []));
    return `select c.company_id, null::text as basis, 'daily_close'::text as period_type, null::date as period_start,
              (l.start at time zone 'Asia/Kolkata')::date as period_end, null::int as fiscal_year${columns.map((c) => `, ${c}`).join('')}
            from ${COMPANIES} c
            join (${latestCloseSql()}) l on l.exchange = 'NSE' and l.ticker = c.nse_symbol
            left join lateral (
              select i.face_value from ${INSTRUMENTS} i
              where i.company_id = c.company_id and i.exchange = 'NSE' and i.face_value is not null
              order by i.known_at desc limit 1) fv on true
            left join lateral (
              select f.value from ${FACTS} f
              where f.company_id = c.company_id and f.concept = 'EquityShareCapital' and f.superseded_at is null
              order by f.period_end desc, (f.basis = 'standalone') desc limit 1) cap on true`;
  },
};
