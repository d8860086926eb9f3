import { COMPANIES, COMPANY_IDENTIFIERS, INSTRUMENTS } from '#projections/companies';
import { FACTS } from '#projections/facts';
import { EQUITY_SERIES, SERIES_RANK_SQL, latestCloseSql, CANDLES, DAILY_FROM_BARS } from '#projections/prices';
import { shareActionsSql } from '#projections/corporate-actions';
import { MARKET_SCREEN_METRICS } from '#read/metrics';
import { inputSql, inputsSql, type ScreenAsOf, type ScreenSource } from './screen-source.ts';
import { lookupTable } from '#platform/lookup-table';

/** The face value on the balance sheet's date: as the filings state it, else derived (see `capitalJoins`). */
const FACE_VALUE_THEN = `coalesce(fvs.value, case when fv.seen_then then fv.face_value
            else coalesce(adj.fv_before, adj.fv_after, case when not fv.isin_changed then fv.face_value end) end)`;

const COLUMNS: Record<string, string> = lookupTable({
  price: 'l.close as price',
  market_cap: `round(l.close * cap.value / nullif(${FACE_VALUE_THEN}, 0) * adj.up) as market_cap`,
});

const SERIES = EQUITY_SERIES.map((s) => `'${s}'`).join(', ');
const DAY = (alias: string) => `(${alias}.start at time zone 'Asia/Kolkata')::date`;

/**
 * Each company's newest NSE close: now from the newest-candle table, else the last one
 * knowable at `asOf`; a daily file's candle, or one built from the day's 5-minute bars
 * (`derived`, knowable at its last bar's end) where no daily file covers the day.
 */
function closeJoin(asOf: ScreenAsOf): string {
  if (asOf === null) {
    return `join (${latestCloseSql()}) l on l.exchange = 'NSE' and l.ticker = c.nse_symbol`;
  }
  // Any symbol the company has had, on the days it was the company's (a reused symbol
  // belongs to its other holder at other times).
  const held = (alias: string) => `${alias}.exchange = 'NSE' and ${alias}.series in (${SERIES})
                and ${alias}.ticker = any(array(select i.value from ${COMPANY_IDENTIFIERS} i where i.company_id = c.company_id and i.scheme = 'nse'))
                and exists (select 1 from ${COMPANY_IDENTIFIERS} i
                            where i.company_id = c.company_id and i.scheme = 'nse' and i.value = ${alias}.ticker
                              and (i.resolve_from is null or i.resolve_from <= ${DAY(alias)})
                              and (i.resolve_to is null or ${DAY(alias)} < i.resolve_to))
                and ${alias}.start <= ${asOf}::timestamptz`;
  const newest = (source: string) => `(${source} order by t.start desc, ${SERIES_RANK_SQL} limit 1)`;
  return `join lateral (
              select * from (
                ${newest(`select t.close, t.start, t.series, t.known_at, false as derived from ${CANDLES} t
                where t.interval = '1d' and ${held('t')} and t.known_at <= ${asOf}::timestamptz`)}
                union all
                ${newest(`select t.close, t.start, t.series, t.known_at, true as derived from ${DAILY_FROM_BARS} t
                where ${held('t')} and t.known_at <= ${asOf}::timestamptz`)}
              ) x order by x.start desc, x.derived limit 1) l on true`;
}

const knownFact = (asOf: ScreenAsOf) =>
  asOf === null
    ? 'f.superseded_at is null'
    : `f.known_at <= ${asOf}::timestamptz and (f.superseded_at is null or f.superseded_at > ${asOf}::timestamptz)`;

/**
 * The splits and bonus issues after the balance sheet (`cap.period_end`) up to the close's
 * day: their exact share factor (`up`), and the actions used, as inputs; as of a time, only
 * actions known then. And the face value in effect at the balance sheet, from the nearest
 * split (its new value before it, its old value after): a past fact, so every split known
 * now counts.
 */
function adjustmentJoin(asOf: ScreenAsOf): string {
  const close = DAY('l');
  const known = asOf === null ? 'true' : `s.known_at <= ${asOf}::timestamptz`;
  const between = `${known} and s.ex_date > cap.period_end and s.ex_date <= ${close}`;
  return `left join lateral (
              select coalesce(numeric_product(s.factor) filter (where ${between}), 1) as up,
                     (array_agg(s.face_value_to order by s.ex_date desc) filter (where s.action_type = 'stock_split' and s.ex_date <= cap.period_end))[1] as fv_before,
                     (array_agg(s.face_value_from order by s.ex_date) filter (where s.action_type = 'stock_split' and s.ex_date > cap.period_end))[1] as fv_after,
                     ${inputsSql('s.action_type', 's.ex_date', 's.known_at', 'null::uuid')} filter (where ${between}) as used,
                     max(s.known_at) filter (where ${between}) as used_known_at
              from (${shareActionsSql('c.company_id')}) s) adj on true`;
}

/** The newest NSE close of each company knowable at the screen's instant, and the market capitalisation it implies. */
export const marketScreenSource: ScreenSource = {
  id: 'market',
  dataset: 'prices',
  metrics: MARKET_SCREEN_METRICS,
  cte(metricIds, _param, asOf) {
    const columns = metricIds.flatMap((id) => (COLUMNS[id] ? [COLUMNS[id]] : []));
    const withCap = metricIds.includes('market_cap');
    const close = inputSql("case when l.derived then 'close_from_bars' else 'close' end", DAY('l'), 'l.known_at', 'null');
    const capital = inputSql("'EquityShareCapital'", 'cap.period_end', 'cap.known_at', 'cap.filing_id');
    const faceValue = inputSql("'FaceValuePerShare'", 'fvs.period_end', 'fvs.known_at', 'fvs.filing_id');
    const inputs = withCap
      ? `case when cap.period_end is null then jsonb_build_array(${close})
              else jsonb_build_array(${close}, ${capital})
                   || case when fvs.value is null then '[]'::jsonb else jsonb_build_array(${faceValue}) end
                   || coalesce(adj.used, '[]'::jsonb) end`
      : `jsonb_build_array(${close})`;
    return `select c.company_id, null::text as basis, 'daily_close'::text as period_type, null::date as period_start,
              ${DAY('l')} as period_end, null::int as fiscal_year,
              greatest(l.known_at, ${withCap ? 'cap.known_at, fvs.known_at, adj.used_known_at' : 'null'}) as known_at,
              ${inputs} as inputs${columns.map((c) => `, ${c}`).join('')}
            from ${COMPANIES} c
            ${closeJoin(asOf)}
            ${withCap ? capitalJoins(asOf) : ''}`;
  },
};

/**
 * The share capital of the balance sheet nearest before the close (on or before its day)
 * known at `asOf`, never a later one: a later balance sheet may count shares issued after
 * the close (HDFC Bank's 2023 merger added 38%). The face value on its date is the one the
 * filings state for that date (`FaceValuePerShare`: of the capital's own filing first), as
 * known at `asOf`. Without one: a face-value split always gives the equity share a new
 * ISIN, so the NSE listing's face value (today's) held on the balance sheet's date when the
 * listing's ISIN was already seen then; else the splits on record say it (`adj`); else, when
 * the company never had another equity ISIN (same issuer and security type, another
 * serial), the listing's again. Otherwise the face value of that day is unknown and so is
 * the market cap: null, never ten times off.
 */
function capitalJoins(asOf: ScreenAsOf): string {
  const close = DAY('l');
  const isin = (alias: string, condition: string) =>
    `exists (select 1 from ${COMPANY_IDENTIFIERS} ${alias} where ${alias}.company_id = c.company_id and ${alias}.scheme = 'isin' and ${condition})`;
  return `left join lateral (
              select f.value, f.period_end, f.known_at, f.filing_id from ${FACTS} f
              where f.company_id = c.company_id and f.concept = 'EquityShareCapital' and ${knownFact(asOf)}
                and f.period_end <= ${close}
              order by f.period_end desc, (f.basis = 'standalone') desc, f.known_at desc limit 1) cap on true
            left join lateral (
              select f.value, f.period_end, f.known_at, f.filing_id from ${FACTS} f
              where f.company_id = c.company_id and f.concept = 'FaceValuePerShare' and ${knownFact(asOf)}
                and f.period_end = cap.period_end and f.value > 0
              order by (f.filing_id = cap.filing_id) desc, (f.basis = 'standalone') desc, f.known_at desc limit 1) fvs on true
            left join lateral (
              select i.face_value, ${isin('n', 'n.value = i.isin and n.first_seen <= cap.period_end')} as seen_then,
                     ${isin('o', 'o.value <> i.isin and left(o.value, 9) = left(i.isin, 9)')} as isin_changed
              from ${INSTRUMENTS} i
              where i.company_id = c.company_id and i.exchange = 'NSE' and i.face_value is not null
              order by i.known_at desc limit 1) fv on true
            ${adjustmentJoin(asOf)}`;
}
