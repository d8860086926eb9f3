import { COMPANIES, COMPANY_IDENTIFIERS, INSTRUMENTS } from '../../projections/companies/tables.ts';
import { FACTS } from '../../projections/facts/tables.ts';
import { candleKnownAtSql, dailyCloseKnownAtSql } from '../../projections/prices/candle-known-at.ts';
import { EQUITY_SERIES, SERIES_RANK_SQL } from '../../projections/prices/equity-series.ts';
import { latestCloseSql } from '../../projections/prices/queries.ts';
import { CANDLES } from '../../projections/prices/tables.ts';
import { inputSql, type ScreenAsOf, type ScreenSource, type ScreenSourceMetric } from './screen-source.ts';

const METRICS: readonly ScreenSourceMetric[] = [
  {
    id: 'price',
    label: 'Last close',
    unit: 'INR/share',
    description: "The newest daily close on NSE of the company's NSE symbol knowable at the screen's as_of (a close is knowable at 15:30 IST of its day).",
  },
  {
    id: 'market_cap',
    label: 'Market capitalisation',
    unit: 'INR',
    description:
      'Last NSE close × shares outstanding, rounded to the rupee. Shares outstanding = the latest reported EquityShareCapital (standalone where filed) known at the screen\'s as_of ÷ the face value of the NSE equity listing; null when any of them is missing. The close and the share capital are listed as inputs with their own dates.',
  },
];

const COLUMNS: Record<string, string> = {
  price: 'l.close as price',
  market_cap: 'round(l.close * cap.value / nullif(fv.face_value, 0)) as market_cap',
};

const SERIES = EQUITY_SERIES.map((s) => `'${s}'`).join(', ');
const DAY = (alias: string) => `(${alias}.start at time zone 'Asia/Kolkata')::date`;

/** Each company's newest NSE close: now from the newest-candle table, else the last one knowable at `asOf`. */
function closeJoin(asOf: ScreenAsOf): string {
  if (asOf === null) {
    return `join (select x.*, ${dailyCloseKnownAtSql('x')} as known_at from (${latestCloseSql()}) x) l
              on l.exchange = 'NSE' and l.ticker = c.nse_symbol`;
  }
  // Any symbol the company has had, on the days it was the company's (a reused symbol
  // belongs to its other holder at other times).
  return `join lateral (
              select t.close, t.start, ${candleKnownAtSql('t')} as known_at from ${CANDLES} t
              where t.exchange = 'NSE' and t.interval = '1d' and t.series in (${SERIES})
                and t.ticker = any(array(select i.value from ${COMPANY_IDENTIFIERS} i where i.company_id = c.company_id and i.scheme = 'nse'))
                and exists (select 1 from ${COMPANY_IDENTIFIERS} i
                            where i.company_id = c.company_id and i.scheme = 'nse' and i.value = t.ticker
                              and (i.resolve_from is null or i.resolve_from <= ${DAY('t')})
                              and (i.resolve_to is null or ${DAY('t')} < i.resolve_to))
                and t.start <= ${asOf}::timestamptz and ${candleKnownAtSql('t')} <= ${asOf}::timestamptz
              order by t.start desc, ${SERIES_RANK_SQL} limit 1) l on true`;
}

const knownFact = (asOf: ScreenAsOf) =>
  asOf === null ? 'f.superseded_at is null' : `f.known_at <= ${asOf}::timestamptz and (f.superseded_at is null or f.superseded_at > ${asOf}::timestamptz)`;

/** The newest NSE close of each company knowable at the screen's instant, and the market capitalisation it implies. */
export const marketScreenSource: ScreenSource = {
  id: 'market',
  dataset: 'prices',
  metrics: METRICS,
  cte(metricIds, _param, asOf) {
    const columns = metricIds.flatMap((id) => (COLUMNS[id] ? [COLUMNS[id]] : []));
    const close = inputSql("'close'", DAY('l'), 'l.known_at', 'null');
    const capital = inputSql("'EquityShareCapital'", 'cap.period_end', 'cap.known_at', 'cap.filing_id');
    const inputs = metricIds.includes('market_cap')
      ? `case when cap.period_end is null then jsonb_build_array(${close}) else jsonb_build_array(${close}, ${capital}) end`
      : `jsonb_build_array(${close})`;
    return `select c.company_id, null::text as basis, 'daily_close'::text as period_type, null::date as period_start,
              ${DAY('l')} as period_end, null::int as fiscal_year,
              greatest(l.known_at, ${metricIds.includes('market_cap') ? 'cap.known_at' : 'null'}) as known_at,
              ${inputs} as inputs${columns.map((c) => `, ${c}`).join('')}
            from ${COMPANIES} c
            ${closeJoin(asOf)}
            left join lateral (
              select i.face_value from ${INSTRUMENTS} i
              where i.company_id = c.company_id and i.exchange = 'NSE' and i.face_value is not null
              order by i.known_at desc limit 1) fv on true
            left join lateral (
              select f.value, f.period_end, f.known_at, f.filing_id from ${FACTS} f
              where f.company_id = c.company_id and f.concept = 'EquityShareCapital' and ${knownFact(asOf)}
              order by f.period_end desc, (f.basis = 'standalone') desc limit 1) cap on true`;
  },
};
