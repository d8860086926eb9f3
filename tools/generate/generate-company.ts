import { nseFileStamp } from '#domain/indian-text';
import { isoInstant, istParts } from '#platform/time';
import { corporateActionTruth } from './corporate-action-rows.ts';
import type { CompanyTruth, FilingTruth } from './dataset-truth.ts';
import { filingFacts } from './filing-facts.ts';
import { scheduleFilings, type ScheduledFiling } from './filing-schedule.ts';
import { type FilingStatements, filingStatements } from './filing-statements.ts';
import type { GenerateOptions } from './generate-options.ts';
import type { DailyCandle } from './daily-candle.ts';
import { pricePath, priceTruth } from './price-path.ts';
import { prngFor } from './prng.ts';
import { originalOf, type RestatementKind } from './restatement.ts';
import { shareholdingPattern } from './shareholding-pattern.ts';
import { type CompanyHistory, mainBasis, simulateCompany } from './simulate-company.ts';
import { incomeTotals } from './statements.ts';
import type { Company } from './universe.ts';
import { type ListingFiling, writeResultsListing } from './write-results-listing.ts';
import { writeResultsXbrl } from './write-results-xbrl.ts';
import { writeShareholdingSummary } from './write-shareholding-summary.ts';

/** A file of the dataset: its path in the folder and its bytes. */
export interface GeneratedFile {
  readonly path: string;
  readonly bytes: Uint8Array;
}

/** NSE-like file names need numbers unique across the dataset: one counter, shared by every company. */
export interface FilingSequence {
  next: number;
}

/** The host of the synthetic XBRL URLs: the reserved `.invalid` domain, so no one mistakes them for NSE's. */
export const XBRL_URL_BASE = 'https://nsearchives.synthetic.invalid/corporate/xbrl/';

export interface CompanyOutput {
  readonly files: readonly GeneratedFile[];
  readonly truth: CompanyTruth;
  /** The face value after every split, for the master lists. */
  readonly faceValue: number;
  readonly candles: readonly DailyCandle[];
}

/** The statements each document states: a revision the true figures, its original the figures first filed. */
function documentStatements(
  history: CompanyHistory,
  filing: ScheduledFiling,
  seed: number,
  company: Company,
  kinds: Map<string, RestatementKind>,
): { statements: FilingStatements; restatement: RestatementKind | null } {
  const truth = filingStatements(history, filing.quarterIndex, filing.basis);
  const key = `${filing.quarterIndex}:${filing.basis}`;
  if (filing.role === 'single' || !filing.restatement) return { statements: truth, restatement: null };
  if (filing.role === 'revision') return { statements: truth, restatement: kinds.get(key) ?? filing.restatement };
  const original = originalOf(truth, filing.restatement, prngFor(seed, 'company', company.index, 'restatement', key));
  kinds.set(key, original.kind);
  return { statements: original.statements, restatement: original.kind };
}

function referencePricePaise(history: CompanyHistory, company: Company): number {
  const last = history.quarters
    .slice(-4)
    .map((q) => q.entities.get(mainBasis(company)))
    .filter((e) => e !== undefined);
  const unit = 10 ** history.profile.unitPower;
  const profit = last.reduce((sum, e) => sum + incomeTotals(e.income).profitAfterTax, 0) * unit;
  const revenue = last.reduce((sum, e) => sum + e.income.revenue, 0) * unit;
  const shares = history.quarters.at(-1)?.shares ?? history.profile.shares;
  return (Math.max(profit * history.profile.priceEarnings, revenue * 0.3) * 100) / shares;
}

/**
 * Everything one company contributes: its results listing and XBRL filings, its
 * shareholding summary, and what the shared files (masters, corporate actions, bhavcopies)
 * need from it; with the truth of each.
 */
export function generateCompany(
  company: Company,
  options: GenerateOptions,
  filedEnds: readonly string[],
  priceDays: readonly string[],
  sequence: FilingSequence,
): CompanyOutput {
  const history = simulateCompany(company, filedEnds, options.seed);
  const firstFiled = history.quarters.length - filedEnds.length;
  const schedule = scheduleFilings(company, history, firstFiled, options, options.seed);
  const folder = company.symbol.toLowerCase();
  const files: GeneratedFile[] = [];
  const filings: FilingTruth[] = [];
  const listing: ListingFiling[] = [];
  const kinds = new Map<string, RestatementKind>();
  const boardDates = new Map<string, string>();
  const originals = new Map<string, string>();
  for (const filing of schedule) {
    const { statements, restatement } = documentStatements(history, filing, options.seed, company, kinds);
    const n = sequence.next++;
    const seqNumber = String(4_000_000 + n * 8 + (company.index % 8));
    const fileName = `INDAS_${400_000 + n}_${seqNumber}_${nseFileStamp(filing.uploadedMs)}.xml`;
    const path = `results/xbrl/${folder}/${fileName}`;
    const key = `${filing.quarterIndex}:${filing.basis}`;
    const boardDate = boardDates.get(key) ?? istParts(filing.disseminatedMs).date;
    boardDates.set(key, boardDate);
    files.push({ path, bytes: writeResultsXbrl(company, statements, { boardDate }) });
    listing.push({
      fq: statements.fq,
      basis: filing.basis,
      xbrlUrl: `${XBRL_URL_BASE}${fileName}`,
      seqNumber,
      disseminatedMs: filing.disseminatedMs,
      broadcastMs: filing.broadcastMs,
    });
    filings.push(
      filingTruth(company, filing, statements, {
        fileName,
        path,
        restatement,
        revisionOf: filing.role === 'revision' ? (originals.get(key) ?? null) : null,
      }),
    );
    if (filing.role === 'original') originals.set(key, fileName);
  }
  files.push({ path: `results/index/${folder}.json`, bytes: writeResultsListing(company, listing) });

  const shareholding = shareholdingPattern(options.seed, company.index, filedEnds);
  files.push({ path: `shareholding/${company.symbol}.csv`, bytes: writeShareholdingSummary(shareholding) });
  const firstStart = history.quarters[firstFiled]?.fq.start ?? '';
  const corporateActions = history.actions.filter((a) => a.exDate >= firstStart).map(corporateActionTruth);
  const last = history.quarters.at(-1);
  const candles = pricePath(
    options.seed,
    company.index,
    priceDays,
    referencePricePaise(history, company),
    last?.shares ?? history.profile.shares,
  );
  const faceValue = last?.faceValue ?? history.profile.faceValue;
  return {
    files,
    faceValue,
    candles,
    truth: { identity: identityTruth(company, faceValue), filings, shareholding, corporateActions, prices: candles.map(priceTruth) },
  };
}

function filingTruth(
  company: Company,
  filing: ScheduledFiling,
  s: FilingStatements,
  named: { fileName: string; path: string; restatement: RestatementKind | null; revisionOf: string | null },
): FilingTruth {
  return {
    fileName: named.fileName,
    path: named.path,
    xbrlUrl: `${XBRL_URL_BASE}${named.fileName}`,
    basis: filing.basis,
    disseminatedAt: isoInstant(filing.disseminatedMs),
    isRevision: filing.role === 'revision',
    revisionOf: named.revisionOf,
    restatement: named.restatement,
    late: filing.late,
    periodStart: s.fq.start,
    periodEnd: s.fq.end,
    fiscalYear: s.fq.fiscalYear,
    fiscalQuarter: s.fq.quarter,
    fiscalYearStart: s.fq.yearStart,
    fiscalYearEnd: s.fq.yearEnd,
    rounding: company.rounding,
    // Derived when read: a dataset of 500 companies x 10 years states 1.4 million facts, and
    // their statements take a fraction of the memory the fact objects would.
    get facts() {
      return filingFacts(s);
    },
  };
}

function identityTruth(company: Company, faceValue: number): CompanyTruth['identity'] {
  return {
    index: company.index,
    name: company.name,
    symbol: company.symbol,
    isin: company.isin,
    bseCode: company.bseCode,
    bseId: company.bseId,
    sector: company.sector.sector,
    industry: company.sector.industry,
    yearEnd: company.yearEnd,
    bases: company.bases,
    rounding: company.rounding,
    listingDate: company.listingDate,
    faceValue: String(faceValue),
  };
}
