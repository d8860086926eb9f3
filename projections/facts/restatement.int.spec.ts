import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeEachStore } from '../../test/support/databases.ts';
import { annualPeriod, givenFact, givenFinancialsReported } from '../../test/support/builders.ts';
import { type Harness, openHarness } from '../../test/support/service-harness.ts';
import { getFactVersions, listFacts } from './queries.ts';

/**
 * FY2023 Revenue of 100 known 2023-05-10, restated to 95 by a filing known 2024-05-12.
 * The answers must be the same whichever filing is ingested first.
 */
describeEachStore('facts: a restatement seen as of different dates', (database) => {
  let harness: Harness;
  beforeAll(async () => {
    harness = await openHarness(database);
  });
  afterAll(() => harness.close());

  const filings = (companyId: string) => {
    const original = givenFinancialsReported({
      companyId,
      knownAt: '2023-05-10T12:00:00.000Z',
      facts: [givenFact('Revenue', '100', annualPeriod(2023))],
    });
    const restated = givenFinancialsReported({
      companyId,
      knownAt: '2024-05-12T12:00:00.000Z',
      isRevision: true,
      facts: [givenFact('Revenue', '95', annualPeriod(2023))],
    });
    return { original, restated };
  };

  const revenueAsOf = async (companyId: string, asOf?: string) =>
    (await listFacts(harness.db, { companyId, concepts: ['Revenue'], asOf, limit: 10 })).map((f) => f.value);

  for (const order of ['in filing order', 'in reverse order'] as const) {
    describe(`ingested ${order}`, () => {
      const companyId = randomUUID();
      const { original, restated } = filings(companyId);

      beforeAll(async () => {
        const events = order === 'in filing order' ? [original, restated] : [restated, original];
        for (const event of events) {
          await harness.append(event);
          await harness.project();
        }
      });

      it('as of 2023-05-01 knows nothing yet', async () => {
        expect(await revenueAsOf(companyId, '2023-05-01T00:00:00Z')).toEqual([]);
      });

      it('as of 2023-12-31 gives the original 100', async () => {
        expect(await revenueAsOf(companyId, '2023-12-31T00:00:00Z')).toEqual(['100']);
      });

      it('as of 2024-06-01 gives the restated 95', async () => {
        expect(await revenueAsOf(companyId, '2024-06-01T00:00:00Z')).toEqual(['95']);
      });

      it('without as_of gives the current 95', async () => {
        expect(await revenueAsOf(companyId)).toEqual(['95']);
      });

      it('at the exact instants of dissemination switches from one version to the next', async () => {
        expect(await revenueAsOf(companyId, '2023-05-10T11:59:59.999Z')).toEqual([]);
        expect(await revenueAsOf(companyId, '2023-05-10T12:00:00.000Z')).toEqual(['100']);
        expect(await revenueAsOf(companyId, '2024-05-12T11:59:59.999Z')).toEqual(['100']);
        expect(await revenueAsOf(companyId, '2024-05-12T12:00:00.000Z')).toEqual(['95']);
      });

      it('carries the provenance of the version it returns', async () => {
        const [fact] = await listFacts(harness.db, { companyId, asOf: '2023-12-31T00:00:00Z', limit: 10 });
        expect(fact).toMatchObject({
          company: { id: companyId, name: 'Test Company Ltd' },
          concept: 'Revenue',
          basis: 'consolidated',
          period: { type: 'annual', start: '2022-04-01', end: '2023-03-31', fiscal_year: 2023, fiscal_quarter: null },
          value: '100',
          unit: 'INR',
          decimals: -5,
          scale: 'lakh',
          filing_id: original.data.filingId,
          document_type: 'financial_results',
          source_url: original.metadata.sourceUrl,
          known_at: '2023-05-10T12:00:00.000Z',
        });
        expect(Date.parse(fact?.recorded_at ?? '')).not.toBeNaN();
      });

      it('keeps the whole version chain with what changed', async () => {
        const chain = await getFactVersions(harness.db, {
          companyId,
          concept: 'Revenue',
          basis: 'consolidated',
          periodType: 'annual',
          periodEnd: '2023-03-31',
        });
        expect(chain.map((v) => [v.value, v.known_at, v.superseded_at, v.previous_value, v.change, v.filing_id])).toEqual([
          ['100', '2023-05-10T12:00:00.000Z', '2024-05-12T12:00:00.000Z', null, 'initial', original.data.filingId],
          ['95', '2024-05-12T12:00:00.000Z', null, '100', 'restated', restated.data.filingId],
        ]);
      });
    });
  }
});
