/**
 * npm run sync:smoke — a live check, by hand, never in CI: asks each exchange host for one
 * small publication through the connectors' client (browser headers, NSE's cookie session,
 * the budgets) and prints what each answered: data, not published, blocked (this machine's
 * address is refused: use a relay, docs/sync.md) or failed. Nothing is stored. Exit status: the
 * number of hosts that blocked or failed.
 */
import { loadConfig } from '#platform/config';
import { addDays, istParts, weekdaysUpTo } from '#platform/time';
import { createExchangeClient, ddmmyyyy, ddmmyyyyDashed, yyyymmdd, classifyResponse, type Expected } from '#ingest/sync';

const config = loadConfig(process.env);
const client = createExchangeClient({
  baseUrls: config.sync.baseUrls,
  budgets: config.sync.budgets,
  timeoutMs: config.sync.timeoutMs,
  maxBytes: config.ingestLimits.maxDocumentBytes,
});
const today = istParts(Date.now()).date;
const [session = today] = weekdaysUpTo(addDays(today, -1), 1);
const { 'nse-www': nse, 'nse-archives': archives, 'bse-www': bse, 'bse-api': bseApi } = config.sync.baseUrls;
const checks: ReadonlyArray<{ name: string; url: string; expected: Expected }> = [
  { name: 'NSE archives: equity list', url: `${archives}/content/equities/EQUITY_L.csv`, expected: 'csv' },
  {
    name: `NSE archives: full bhavcopy of ${session}`,
    url: `${archives}/products/content/sec_bhavdata_full_${ddmmyyyy(session)}.csv`,
    expected: 'csv',
  },
  {
    name: `NSE API: announcements of ${session}`,
    url: `${nse}/api/corporate-announcements?index=equities&from_date=${ddmmyyyyDashed(session)}&to_date=${ddmmyyyyDashed(session)}`,
    expected: 'json',
  },
  {
    name: `BSE: bhavcopy of ${session}`,
    url: `${bse}/download/BhavCopy/Equity/BhavCopy_BSE_CM_0_0_0_${yyyymmdd(session)}_F_0000.CSV`,
    expected: 'csv',
  },
  {
    name: `BSE API: corporate actions of ${session}`,
    url: `${bseApi}/BseIndiaAPI/api/DefaultData/w?ddlcategorys=E&ddlindustrys=&segment=0&strSearch=D&Fdate=${yyyymmdd(session)}&TDate=${yyyymmdd(session)}`,
    expected: 'json',
  },
];

let bad = 0;
for (const check of checks) {
  try {
    const response = await client.get(check.url);
    const verdict = classifyResponse(response, check.expected);
    if (verdict.kind === 'blocked' || verdict.kind === 'failed') bad += 1;
    const detail = verdict.kind === 'data' ? `${response.bytes.length.toLocaleString('en-US')} bytes` : verdict.reason;
    console.log(`${check.name}: ${verdict.kind} (HTTP ${response.status}, ${detail}, ${response.attempts} requests)`);
  } catch (error) {
    bad += 1;
    console.log(`${check.name}: failed (${error instanceof Error ? error.message : String(error)})`);
  }
}
process.exit(bad);
