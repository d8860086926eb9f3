import path from 'node:path';
import { expect, it } from 'vitest';
import { getCompany } from '#projections/companies/queries';
import { listFacts } from '#projections/facts/queries';
import { companyIdFromIsin } from '#ingest/shared/parser/company-lookup';
import { type InputFile, inputFromBytes } from '#ingest/sources/read-inputs';
import type { FilingTruth, TruthFact } from '../../tools/generate/dataset-truth.ts';
import { generateDataset } from '../../tools/generate/generate-dataset.ts';
import { describeEachDatabase } from '../support/databases.ts';
import { givenIngestion } from '../support/ingestion-harness.ts';

// Four companies over a year, with half the filings revised, so restatement chains exist.
const dataset = generateDataset({ companies: 4, years: 1, priceDays: 2, revisionRate: 0.5, lateRate: 0.2 });
const inputs: InputFile[] = dataset.files
  .filter((f) => !f.path.endsWith('.md'))
  .map((f) => inputFromBytes(path.basename(f.path), f.path, f.bytes));

const factKey = (f: { concept: string; basis: string; periodType: string; periodEnd: string }) =>
  `${f.concept}|${f.basis}|${f.periodType}|${f.periodEnd}`;

/** What a reader should see now: per fact key, the value of the filing disseminated last. */
function currentValues(filings: readonly FilingTruth[]): Map<string, string> {
  const current = new Map<string, string>();
  const ordered = [...filings].sort((a, b) => a.disseminatedAt.localeCompare(b.disseminatedAt));
  for (const filing of ordered) for (const fact of filing.facts) current.set(factKey({ ...fact, basis: filing.basis }), fact.value);
  return current;
}

describeEachDatabase('generated dataset through ingestion to the read models', (database) => {
  const service = givenIngestion(database);
  const db = () => service.harness.db;

  it('ingests every generated file with no rejection', async () => {
    const summary = await service.ingest(inputs);
    expect(summary.rejections).toEqual([]);
    expect(summary).toMatchObject({ files: inputs.length, parsed: inputs.length, rejected: 0, failed: 0 });
    await service.harness.project();
    for (const { identity } of dataset.truth.companies) {
      expect(await getCompany(db(), companyIdFromIsin(identity.isin))).toMatchObject({
        name: identity.name,
        nse_symbol: identity.symbol,
        bse_code: identity.bseCode,
        isin: identity.isin,
      });
    }
  });

  it('answers now with the latest filing of every fact', async () => {
    for (const company of dataset.truth.companies) {
      const facts = await listFacts(db(), { companyId: companyIdFromIsin(company.identity.isin), period: 'any', limit: 10_000 });
      const read = new Map(
        facts.map((f) => [factKey({ concept: f.concept, basis: f.basis, periodType: f.period.type, periodEnd: f.period.end }), f.value]),
      );
      expect(read).toEqual(currentValues(company.filings));
    }
  });

  it('answers as of a time between an original and its revision with the original value', async () => {
    const revisions = dataset.truth.companies.flatMap((c) =>
      c.filings.filter((f) => f.isRevision).map((revision) => ({ company: c, revision })),
    );
    expect(revisions.length).toBeGreaterThan(0);
    for (const { company, revision } of revisions) {
      const original = company.filings.find((f) => f.fileName === revision.revisionOf);
      if (!original) throw new Error(`no original of ${revision.fileName}`);
      const changed = revision.facts.find((f: TruthFact) =>
        original.facts.some((o) => factKey({ ...o, basis: '' }) === factKey({ ...f, basis: '' }) && o.value !== f.value),
      );
      if (!changed) throw new Error(`${revision.fileName} changes nothing`);
      const before = original.facts.find((o) => factKey({ ...o, basis: '' }) === factKey({ ...changed, basis: '' }));
      const read = async (asOf?: string) =>
        (
          await listFacts(db(), {
            companyId: companyIdFromIsin(company.identity.isin),
            concepts: [changed.concept],
            basis: revision.basis,
            period: 'any',
            asOf,
            limit: 100,
          })
        ).find((f) => f.period.type === changed.periodType && f.period.end === changed.periodEnd);
      const between = new Date((Date.parse(original.disseminatedAt) + Date.parse(revision.disseminatedAt)) / 2).toISOString();
      expect(await read(between)).toMatchObject({ value: before?.value, known_at: original.disseminatedAt, source_url: original.xbrlUrl });
      const latest = company.filings
        .filter(
          (f) => f.basis === revision.basis && f.facts.some((x) => factKey({ ...x, basis: '' }) === factKey({ ...changed, basis: '' })),
        )
        .at(-1);
      expect(await read()).toMatchObject({
        value: latest?.facts.find((x) => factKey({ ...x, basis: '' }) === factKey({ ...changed, basis: '' }))?.value,
        known_at: latest?.disseminatedAt,
      });
    }
  });
});
