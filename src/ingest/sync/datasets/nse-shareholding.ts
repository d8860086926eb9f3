import { parseExchangeDate, parseExchangeDateTime } from '#domain/indian-text';
import type { Dataset, DatasetIo, FetchedDocument, SyncUnit, UnitOutcome } from './dataset.ts';
import { fetchDocument, fetchUrl } from './fetch-document.ts';

const masterPath = (symbol: string) => `/api/corporate-share-holdings-master?index=equities&symbol=${encodeURIComponent(symbol)}`;

interface Filing {
  readonly url: string;
  readonly quarterEnd: string | null;
  readonly knownAt: string | null;
}

/** The XBRL filings a shareholding master answer names: its quarter end and broadcast time (IST). */
function filingsOf(bytes: Uint8Array): Filing[] {
  let json: unknown;
  try {
    json = JSON.parse(new TextDecoder().decode(bytes));
  } catch {
    return [];
  }
  const rows = Array.isArray(json) ? json : (json as { data?: unknown } | null)?.data;
  if (!Array.isArray(rows)) return [];
  return rows.flatMap((row: unknown) => {
    if (typeof row !== 'object' || row === null) return [];
    const r = row as Record<string, unknown>;
    const url = typeof r.xbrl === 'string' && /\.xml$/i.test(r.xbrl) ? r.xbrl : undefined;
    if (!url) return [];
    const text = (key: string) => (typeof r[key] === 'string' ? r[key] : null);
    return [
      {
        url,
        quarterEnd: parseExchangeDate(text('date')),
        knownAt: parseExchangeDateTime(text('broadcastDate')) ?? parseExchangeDateTime(text('systemDate')),
      },
    ];
  });
}

/** A symbol's shareholding filings for quarters ending in [from, to], with the master answer that names them. */
async function fetchSymbol(unit: SyncUnit, io: DatasetIo): Promise<UnitOutcome> {
  const symbol = unit.symbol ?? '';
  const answer = await fetchDocument(io, {
    host: 'nse-www',
    path: masterPath(symbol),
    expected: 'json',
    fileName: `corporate-share-holdings-master_${symbol}.json`,
  });
  if (answer.kind !== 'data') return answer;
  let requests = answer.response.attempts;
  const filings = filingsOf(answer.document.bytes).filter(
    (f) => f.quarterEnd === null || (f.quarterEnd >= unit.from && f.quarterEnd <= unit.to),
  );
  if (filings.length === 0)
    return { kind: 'absent', reason: `no shareholding filings of ${symbol} for quarters in ${unit.from}..${unit.to}`, requests };
  const held = await io.heldSourceUrls(filings.map((f) => f.url));
  const documents: FetchedDocument[] = [answer.document];
  const missing: string[] = [];
  for (const filing of filings) {
    if (held.has(filing.url) || io.signal?.aborted) continue;
    const url = io.rebase(filing.url);
    const name = filing.url.slice(filing.url.lastIndexOf('/') + 1);
    if (!url) {
      missing.push(`${name}: not at an exchange host`);
      continue;
    }
    const got = await fetchUrl(io, url, filing.url, { expected: 'xml', fileName: name, knownAt: filing.knownAt });
    requests += got.kind === 'data' ? got.response.attempts : got.requests;
    if (got.kind === 'data') documents.push(got.document);
    else missing.push(`${name}: ${got.reason}`);
  }
  return {
    kind: 'fetched',
    documents,
    requests,
    ...(missing.length > 0 ? { incomplete: `${missing.length} filings not had: ${missing.slice(0, 3).join('; ')}` } : {}),
  };
}

export const nseShareholding: Dataset = {
  name: 'nse-shareholding',
  exchange: 'NSE',
  description: "NSE's shareholding-pattern filings, per symbol of the companies known, and each one's XBRL",
  host: 'nse-www',
  follow: { kind: 'per-symbol', recentDays: 60 },
  async units(from, to, io) {
    return (await io.nseSymbols()).map((symbol) => ({ key: `${symbol}@${from}..${to}`, from, to, symbol }));
  },
  urls: (unit, io) => [io.urlAt('nse-www', masterPath(unit.symbol ?? ''))],
  fetch: fetchSymbol,
};
