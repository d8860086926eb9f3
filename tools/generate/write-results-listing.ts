import type { Basis } from '#schemas/common';
import { dayMonYear, durationText, istDateTimeText } from '#domain/indian-text';
import type { FiscalQuarterSpan } from '#platform/time';
import type { Company } from './universe.ts';

/** One results filing as NSE's `corporates-financial-results` listing describes it. */
export interface ListingFiling {
  readonly fq: FiscalQuarterSpan;
  readonly basis: Basis;
  readonly xbrlUrl: string;
  readonly seqNumber: string;
  readonly disseminatedMs: number;
  readonly broadcastMs: number;
}

const RELATING_TO = ['First Quarter', 'Second Quarter', 'Third Quarter', 'Fourth Quarter'] as const;

/** The record, with NSE's fields in NSE's order. `params` packs period, quarter, audit, basis and symbol as NSE does. */
function entryOf(company: Company, f: ListingFiling): Record<string, string | null> {
  const audited = f.fq.quarter === 4;
  const consolidated = f.basis === 'consolidated';
  const from = dayMonYear(f.fq.start);
  const to = dayMonYear(f.fq.end);
  return {
    symbol: company.symbol,
    companyName: company.name,
    industry: '-',
    audited: audited ? 'Audited' : 'Un-Audited',
    cumulative: 'Non-cumulative',
    indAs: 'Ind-AS New',
    reInd: 'N',
    period: 'Quarterly',
    relatingTo: RELATING_TO[f.fq.quarter - 1] ?? null,
    financialYear: `${dayMonYear(f.fq.yearStart)} To ${dayMonYear(f.fq.yearEnd)}`,
    filingDate: istDateTimeText(f.broadcastMs, false),
    seqNumber: f.seqNumber,
    bank: 'N',
    fromDate: from,
    toDate: to,
    oldNewFlag: 'N',
    xbrl: f.xbrlUrl,
    format: 'New',
    params: `${from}${to}Q${f.fq.quarter}${audited ? 'A' : 'U'}NN${consolidated ? 'C' : 'N'}NE${company.symbol}`,
    resultDescription: null,
    resultDetailedDataLink: null,
    exchdisstime: istDateTimeText(f.disseminatedMs),
    difference: durationText(Math.round((f.disseminatedMs - f.broadcastMs) / 1000)),
    consolidated: consolidated ? 'Consolidated' : 'Non-Consolidated',
    broadCastDate: istDateTimeText(f.broadcastMs),
    isin: company.isin,
  };
}

/**
 * A company's results listing (`<symbol>.json`): a JSON array, newest dissemination first as
 * NSE serves it. It names each XBRL file by URL and gives its dissemination time; a second
 * filing for the same period and basis is how a revision shows (NSE marks none).
 */
export function writeResultsListing(company: Company, filings: readonly ListingFiling[]): Uint8Array {
  const newestFirst = [...filings].sort((a, b) => b.disseminatedMs - a.disseminatedMs);
  return new TextEncoder().encode(
    `${JSON.stringify(
      newestFirst.map((f) => entryOf(company, f)),
      null,
      2,
    )}\n`,
  );
}
