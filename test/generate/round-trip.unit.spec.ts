import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { DomainEventData, DomainEventType } from '#schemas/events/catalogue';
import { parserRegistry } from '#ingest/formats/all-parsers/all-parsers';
import { companyIdFromIsin } from '#ingest/shared/parser/company-lookup';
import type { RunFile } from '#ingest/pipeline/context-provider';
import { createResultsListingContext } from '#ingest/pipeline/results-listing-context';
import type { ParseOutcome } from '#ingest/shared/parser/parser';
import type { CompanyTruth, FilingTruth, TruthFact } from '../../tools/generate/dataset-truth.ts';
import { type GeneratedDataset, generateDataset } from '../../tools/generate/generate-dataset.ts';
import { writeBhavcopy } from '../../tools/generate/write-bhavcopy.ts';
import { givenCompanies, givenParseInput } from '../support/parse-input.ts';

/** The format each folder of the dataset holds. */
const EXPECTED_FORMAT: ReadonlyArray<readonly [RegExp, string]> = [
  [/^master\/EQUITY_L\.csv$/, 'nse-equity-master'],
  [/^master\/Equity\.csv$/, 'bse-scrip-list'],
  [/^results\/index\/[a-z0-9]+\.json$/, 'nse-results-listing'],
  [/^results\/xbrl\/[a-z0-9]+\/INDAS_\d+_\d+_\d{14}\.xml$/, 'nse-results-xbrl'],
  [/^shareholding\/[A-Z0-9]+\.csv$/, 'shareholding-summary'],
  [/^corporate_actions\/Corporate_Actions\.csv$/, 'bse-corporate-actions'],
  [/^bhavcopy\/cm\d{2}[A-Z]{3}\d{4}bhav\.csv$/, 'nse-cm-bhavcopy'],
  [/^bhavcopy\/BhavCopy_NSE_CM_0_0_0_\d{8}_F_0000\.csv$/, 'nse-udiff-bhavcopy'],
];

type Parsed = Extract<ParseOutcome, { ok: true }>;
interface ParsedFile {
  readonly path: string;
  readonly format: string | undefined;
  readonly outcome: ParseOutcome;
}

const dataOf = <T extends DomainEventType>(outcome: Parsed, type: T) =>
  outcome.events.filter((e) => e.type === type).map((e) => ({ data: e.data as DomainEventData<T>, knownAt: e.metadata.knownAt }));

/** A fact as comparable text, so two lists compare whole and a difference shows which fact. */
const factKey = (f: TruthFact) =>
  `${f.concept}|${f.periodType}|${f.periodStart}|${f.periodEnd}|FY${f.fiscalYear}|Q${f.fiscalQuarter}|${f.unit}|${f.value}`;

/** Every file of the dataset through the parser detection picks, as ingestion would run them together. */
async function parseAll(dataset: GeneratedDataset): Promise<ParsedFile[]> {
  const companies = givenCompanies({
    nse: Object.fromEntries(dataset.truth.companies.map((c) => [c.identity.symbol, companyIdFromIsin(c.identity.isin)])),
    bse: Object.fromEntries(dataset.truth.companies.map((c) => [c.identity.bseCode, companyIdFromIsin(c.identity.isin)])),
  });
  const data = dataset.files.filter((f) => !f.path.endsWith('.md'));
  const run: RunFile[] = data.map((f) => ({
    fileName: path.basename(f.path),
    format: parserRegistry.detect(path.basename(f.path), f.bytes)?.format ?? 'unknown',
    read: async () => f.bytes,
  }));
  const contextOf = await createResultsListingContext(async () => []).prepare(run);
  return data.map((file, i) => {
    const runFile = run[i] as RunFile;
    const parser = parserRegistry.byFormat(runFile.format);
    const context = contextOf(runFile);
    const input = givenParseInput(file.bytes, {
      fileName: runFile.fileName,
      companies,
      knownAt: context?.knownAt ?? null,
      sourceUrl: context?.sourceUrl ?? null,
      attributes: context?.attributes ?? {},
    });
    const outcome: ParseOutcome = parser ? parser.parse(input) : { ok: false, reason: 'no parser detected', problems: [] };
    return { path: file.path, format: parser?.format, outcome };
  });
}

describe('generated dataset read back by the real parsers', () => {
  let dataset: GeneratedDataset;
  let parsed: ParsedFile[];
  const parsedAt = (p: string): Parsed => {
    const file = parsed.find((f) => f.path === p);
    if (!file?.outcome.ok) throw new Error(`${p} was not parsed`);
    return file.outcome;
  };
  const companiesOf = () => dataset.truth.companies;

  beforeAll(async () => {
    // 70 weekdays to 30 Sep 2024 reach back before NSE's switch to UDiFF on 8 Jul 2024: both bhavcopy formats.
    dataset = generateDataset({ companies: 8, years: 2, endDate: '2024-09-30', priceDays: 70, revisionRate: 0.1, lateRate: 0.1 });
    parsed = await parseAll(dataset);
  });

  it('has what the checks need: revisions, late filings, both bases, a January-December year, both roundings', () => {
    const filings = companiesOf().flatMap((c) => c.filings);
    expect(filings.some((f) => f.isRevision)).toBe(true);
    expect(filings.some((f) => f.late)).toBe(true);
    expect(companiesOf().some((c) => c.identity.bases.length === 2)).toBe(true);
    expect(companiesOf().some((c) => c.identity.yearEnd === 'december')).toBe(true);
    expect(new Set(companiesOf().map((c) => c.identity.rounding))).toEqual(new Set(['crore', 'lakh']));
  });

  it('every file is claimed by its intended format and parses with no rejection and no problems', () => {
    const count = (format: string) => parsed.filter((f) => f.format === format).length;
    expect(count('nse-results-xbrl')).toBe(companiesOf().reduce((n, c) => n + c.filings.length, 0));
    expect(count('nse-results-listing')).toBe(8);
    expect(count('shareholding-summary')).toBe(8);
    expect([count('nse-cm-bhavcopy'), count('nse-udiff-bhavcopy')]).toEqual([9, 61]);
    expect(parsed).toHaveLength(dataset.files.length - 1); // all but README.md
    for (const file of parsed) {
      const expected = EXPECTED_FORMAT.find(([pattern]) => pattern.test(file.path))?.[1];
      expect({ path: file.path, format: file.format }).toEqual({ path: file.path, format: expected });
      expect({ path: file.path, ok: file.outcome.ok, reason: file.outcome.ok ? null : file.outcome.reason }).toEqual({
        path: file.path,
        ok: true,
        reason: null,
      });
      expect({ path: file.path, problems: file.outcome.problems }).toEqual({ path: file.path, problems: [] });
    }
  });

  it('gives back every filing fact exactly: value, period, fiscal year and quarter, basis, unit; nothing extra', () => {
    for (const company of companiesOf()) {
      for (const filing of company.filings) {
        const [report, ...others] = dataOf(parsedAt(filing.path), 'FinancialsReported');
        expect(others).toEqual([]);
        if (!report) throw new Error(`${filing.path}: no FinancialsReported`);
        const { data } = report;
        expect(data).toMatchObject({
          companyId: companyIdFromIsin(company.identity.isin),
          company: {
            name: company.identity.name,
            nseSymbol: company.identity.symbol,
            bseCode: company.identity.bseCode,
            isin: company.identity.isin,
          },
          periodEnd: filing.periodEnd,
          fiscalYearStart: filing.fiscalYearStart,
          fiscalYearEnd: filing.fiscalYearEnd,
        });
        expect(new Set(data.facts.map((f) => f.basis))).toEqual(new Set([filing.basis]));
        const read = data.facts.map((f) =>
          factKey({
            concept: f.concept,
            periodType: f.period.type,
            periodStart: f.period.start,
            periodEnd: f.period.end,
            fiscalYear: f.period.fiscalYear,
            fiscalQuarter: f.period.fiscalQuarter,
            unit: f.unit as TruthFact['unit'],
            value: f.value,
          }),
        );
        expect({ file: filing.path, facts: read.sort() }).toEqual({ file: filing.path, facts: filing.facts.map(factKey).sort() });
        for (const fact of data.facts) {
          const money = fact.unit === 'INR';
          expect(fact).toMatchObject({
            decimals: money ? (filing.rounding === 'crore' ? -7 : -5) : null,
            scale: money ? filing.rounding : null,
          });
        }
      }
    }
  });

  it('flags the revised filings as revisions, each known at its own dissemination time', () => {
    const all: FilingTruth[] = companiesOf().flatMap((c) => c.filings);
    for (const filing of all) {
      const [report] = dataOf(parsedAt(filing.path), 'FinancialsReported');
      expect({ file: filing.fileName, isRevision: report?.data.isRevision, knownAt: report?.knownAt }).toEqual({
        file: filing.fileName,
        isRevision: filing.isRevision,
        knownAt: filing.disseminatedAt,
      });
    }
    const revision = all.find((f) => f.isRevision);
    const original = all.find((f) => f.fileName === revision?.revisionOf);
    expect(original && revision && original.disseminatedAt < revision.disseminatedAt).toBe(true);
    expect(original?.facts.map(factKey)).not.toEqual(revision?.facts.map(factKey));
  });

  it('reads the shareholding percentages as written', () => {
    for (const company of companiesOf()) {
      const rows = dataOf(parsedAt(`shareholding/${company.identity.symbol}.csv`), 'ShareholdingReported').map(({ data }) => ({
        companyId: data.companyId,
        periodEnd: data.periodEnd,
        promoterPct: data.promoterPct,
        fiiPct: data.fiiPct,
        diiPct: data.diiPct,
        publicPct: data.publicPct,
        holders: data.holders,
      }));
      expect(rows).toEqual(
        company.shareholding.map((s) => ({
          companyId: companyIdFromIsin(company.identity.isin),
          periodEnd: s.periodEnd,
          promoterPct: s.promoterPct,
          fiiPct: s.fiiPct,
          diiPct: s.diiPct,
          publicPct: s.publicPct,
          holders: [],
        })),
      );
    }
  });

  it('reads the corporate actions with their amounts, ratios, face values and dates', () => {
    const read = dataOf(parsedAt('corporate_actions/Corporate_Actions.csv'), 'CorporateActionAnnounced').map(({ data }) => ({
      companyId: data.companyId,
      actionType: data.actionType,
      purpose: data.purpose,
      exDate: data.exDate,
      recordDate: data.recordDate,
      amountPerShare: data.amountPerShare,
      ratio: data.ratio,
      faceValueFrom: data.faceValueFrom,
      faceValueTo: data.faceValueTo,
    }));
    const expected = companiesOf().flatMap((c: CompanyTruth) =>
      c.corporateActions.map((a) => ({ companyId: companyIdFromIsin(c.identity.isin), ...a })),
    );
    expect(expected.length).toBeGreaterThan(0);
    const order = (a: { exDate: string | null; companyId: string | null; purpose: string }) => `${a.exDate}|${a.companyId}|${a.purpose}`;
    expect([...read].sort((a, b) => order(a).localeCompare(order(b)))).toEqual(
      [...expected].sort((a, b) => order(a).localeCompare(order(b))),
    );
  });

  it('reads the closing prices (and the rest of each candle) of every day', () => {
    const days = [...new Set(companiesOf().flatMap((c) => c.prices.map((p) => p.date)))];
    expect(days).toHaveLength(70);
    for (const date of days) {
      const file = parsed.find((f) => f.path === writeBhavcopy(date, []).path);
      const candles = file?.outcome.ok ? dataOf(file.outcome, 'PricesRecorded').flatMap(({ data }) => data.candles) : [];
      const expected = companiesOf().map((c) => {
        const p = c.prices.find((x) => x.date === date);
        return {
          ticker: c.identity.symbol,
          series: 'EQ',
          isin: c.identity.isin,
          open: p?.open,
          high: p?.high,
          low: p?.low,
          close: p?.close,
          previousClose: p?.previousClose,
          volume: p?.volume,
          value: p?.value,
          trades: p?.trades,
        };
      });
      expect(candles.map(({ start: _start, ...rest }) => rest).sort((a, b) => a.ticker.localeCompare(b.ticker))).toEqual(
        expected.sort((a, b) => a.ticker.localeCompare(b.ticker)),
      );
    }
  });

  it('registers every company from the masters with its identifiers, sector and face value', () => {
    const nse = dataOf(parsedAt('master/EQUITY_L.csv'), 'CompanyRegistered').map(({ data }) => data);
    const bse = dataOf(parsedAt('master/Equity.csv'), 'CompanyRegistered').map(({ data }) => data);
    const instruments = dataOf(parsedAt('master/EQUITY_L.csv'), 'InstrumentListed').map(({ data }) => data);
    for (const { identity: c } of companiesOf()) {
      const id = companyIdFromIsin(c.isin);
      expect(nse.find((r) => r.companyId === id)).toMatchObject({
        name: c.name,
        nseSymbol: c.symbol,
        isin: c.isin,
        listingDate: c.listingDate,
      });
      expect(bse.find((r) => r.companyId === id)).toMatchObject({
        bseCode: c.bseCode,
        isin: c.isin,
        sector: c.sector,
        industry: c.industry,
      });
      expect(instruments.find((r) => r.companyId === id)).toMatchObject({ ticker: c.symbol, series: 'EQ', faceValue: c.faceValue });
    }
  });
});
