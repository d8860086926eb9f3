import { quarterEndsUpTo, quarterStart, weekdaysUpTo } from '#platform/time';
import type { CorporateActionTruth, CompanyTruth, DatasetTruth } from './dataset-truth.ts';
import { type GeneratedFile, generateCompany } from './generate-company.ts';
import { type GenerateOptionsInput, GenerateOptionsSchema } from './generate-options.ts';
import type { DailyCandle } from './daily-candle.ts';
import { buildUniverse, type Company } from './universe.ts';
import { writeBseScripList } from './write-bse-scrip-list.ts';
import { writeBhavcopy } from './write-bhavcopy.ts';
import { writeCorporateActions } from './write-corporate-actions.ts';
import { writeEquityMaster } from './write-equity-master.ts';
import { writeReadme } from './write-readme.ts';

export type { GeneratedFile } from './generate-company.ts';

export interface DatasetCounts {
  readonly companies: number;
  readonly files: number;
  readonly filings: number;
  readonly facts: number;
}

export interface GeneratedDataset {
  /** Every file, in the order written; empty when they were handed to `onFile` instead. */
  readonly files: readonly GeneratedFile[];
  readonly truth: DatasetTruth;
  readonly counts: DatasetCounts;
}

/**
 * A synthetic dataset in the exchanges' own formats, and the truth of what it states. Pure
 * and deterministic: the same options give the same bytes. Files go to `onFile` as they are
 * made when one is given (the CLI writes them at once, so a large dataset is never held);
 * otherwise they are returned. Companies are generated one at a time; only the shared files
 * (masters, corporate actions, bhavcopies) wait for all of them.
 */
export function generateDataset(input: GenerateOptionsInput = {}, onFile?: (file: GeneratedFile) => void): GeneratedDataset {
  const options = GenerateOptionsSchema.parse(input);
  const filedEnds = quarterEndsUpTo(options.endDate, options.years * 4);
  const universe = buildUniverse({
    companies: options.companies,
    seed: options.seed,
    firstPeriodStart: quarterStart(filedEnds[0] ?? options.endDate),
  });
  const priceDays = weekdaysUpTo(options.endDate, options.priceDays);
  const files: GeneratedFile[] = [];
  let fileCount = 0;
  const emit = (file: GeneratedFile) => {
    fileCount += 1;
    if (onFile) onFile(file);
    else files.push(file);
  };

  const sequence = { next: 0 };
  const companies: CompanyTruth[] = [];
  const masterRows: Array<{ company: Company; faceValue: number }> = [];
  const actionRows: Array<{ company: Company; action: CorporateActionTruth }> = [];
  const candles: Array<{ company: Company; candles: readonly DailyCandle[] }> = [];
  for (const company of universe) {
    const output = generateCompany(company, options, filedEnds, priceDays, sequence);
    output.files.forEach(emit);
    companies.push(output.truth);
    masterRows.push({ company, faceValue: output.faceValue });
    actionRows.push(...output.truth.corporateActions.map((action) => ({ company, action })));
    candles.push({ company, candles: output.candles });
  }

  emit({ path: 'master/EQUITY_L.csv', bytes: writeEquityMaster(masterRows) });
  emit({ path: 'master/Equity.csv', bytes: writeBseScripList(masterRows) });
  emit({ path: 'corporate_actions/Corporate_Actions.csv', bytes: writeCorporateActions(actionRows) });
  priceDays.forEach((date, day) => {
    const rows = candles.flatMap(({ company, candles: path }) => {
      const candle = path[day];
      return candle ? [{ company, candle }] : [];
    });
    emit(writeBhavcopy(date, rows));
  });
  const filings = companies.reduce((n, c) => n + c.filings.length, 0);
  const facts = companies.reduce((n, c) => n + c.filings.reduce((m, f) => m + f.facts.length, 0), 0);
  const counts = { companies: companies.length, files: fileCount + 1, filings, facts };
  emit({ path: 'README.md', bytes: writeReadme(options, counts) });
  return { files, truth: { options, companies }, counts };
}
