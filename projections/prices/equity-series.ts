/**
 * NSE series under which a share (or a unit, an ETF, a gold bond) trades. A company's NCDs,
 * bonds and warrants trade under its own symbol with other series (N1..NZ, Y*, Z*, W*, P*):
 * a price series asked for by ticker alone must never mix them in, so those are returned
 * only when asked for by series. BSE codes name one security each, so any BSE group goes.
 * '' is a candle whose file states no series (intraday bars).
 *
 * EQ: rolling settlement; BE/BZ: trade-for-trade (surveillance, non-compliance);
 * SM/ST/SZ: SME platform; E1: partly paid; IV/RR: InvIT/REIT units; GB: gold bonds; MF: funds.
 */
export const EQUITY_SERIES = ['EQ', 'BE', 'BZ', 'SM', 'ST', 'SZ', 'E1', 'IV', 'RR', 'GB', 'MF', ''] as const;

/**
 * SQL over a row alias `t` (columns exchange, series) and a parameter holding an explicit
 * series or null: the series a query returns. Fixed text, no input in it.
 */
export function seriesFilterSql(seriesParam: string): string {
  const list = EQUITY_SERIES.map((series) => `'${series}'`).join(', ');
  return `(case when ${seriesParam}::text is null then t.exchange = 'BSE' or t.series in (${list})
                else t.series = upper(${seriesParam}::text) end)`;
}

/** SQL ranking the series of one start, best first: EQ before trade-for-trade before the rest. */
export const SERIES_RANK_SQL = `(case t.series when 'EQ' then 0 when 'BE' then 1 when 'BZ' then 2 when '' then 4 else 3 end)`;
