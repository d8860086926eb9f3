import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { DomainEvent } from '#schemas/events/catalogue';
import { ShareholdingReportedSchema } from '#schemas/events/shareholding';
import type { NewEvent } from '#platform/event-store/event-store';
import { syntheticEquityIsin } from '../../tools/generate/isin.ts';
import { companyIdOfIsin } from '#domain/identity/anchor';
import { givenMetadata } from '../../test/support/builders.ts';
import { describeEachStore } from '../../test/support/databases.ts';
import { type Harness, openHarness } from '../../test/support/service-harness.ts';
import { listShareholding } from './queries.ts';
import { HOLDERS } from './tables.ts';

interface Filing {
  readonly filingId: string;
  readonly knownAt: string;
  readonly promoterPct: string;
  readonly parserVersion?: number;
  readonly holders?: number;
}

/** A company of its own: a synthetic issuer's ISIN, which names it. */
function givenCompany(): { companyId: string; isin: string } {
  const isin = syntheticEquityIsin(randomBytes(4).readUInt32BE());
  return { companyId: companyIdOfIsin(isin) as string, isin };
}

function reported(company: { companyId: string; isin: string }, filing: Filing): NewEvent<DomainEvent> {
  const { companyId, isin } = company;
  return {
    id: randomUUID(),
    type: 'ShareholdingReported',
    data: ShareholdingReportedSchema.parse({
      filingId: filing.filingId,
      companyId,
      company: { name: 'Test Company Ltd', nseSymbol: 'TESTCO', bseCode: null, isin, cin: null },
      periodEnd: '2024-06-30',
      promoterPct: filing.promoterPct,
      fiiPct: '20.00',
      diiPct: null,
      mutualFundPct: null,
      publicPct: null,
      pledgedPct: null,
      holders: Array.from({ length: filing.holders ?? 0 }, (_, i) => ({
        category: 'Promoter',
        name: `Holder ${i + 1}`,
        shares: '100',
        percentage: null,
      })),
      parserVersion: filing.parserVersion ?? 1,
    }),
    metadata: givenMetadata({ knownAt: filing.knownAt, source: 'bse' }),
  };
}

/** Filing ids in a known order, so ties can be asserted: id(1) < id(2) < … */
const id = (n: number) => `00000000-0000-4000-8000-${n.toString().padStart(12, '0')}`;

describeEachStore('shareholding: the snapshot read for a period', (database) => {
  let harness: Harness;
  beforeAll(async () => {
    harness = await openHarness(database);
  });
  afterAll(() => harness.close());

  const read = async (companyId: string, asOf?: string) =>
    (await listShareholding(harness.db, { companyId, holders: true, asOf, limit: 5 })).map((s) => [
      s.filing_id,
      s.promoter_pct,
      s.holders?.length,
    ]);

  it('is the one known last, whatever order the filings arrive in', async () => {
    const company = givenCompany();
    const { companyId } = company;
    const filings: Filing[] = [
      { filingId: randomUUID(), knownAt: '2024-07-10T00:00:00.000Z', promoterPct: '50.10' },
      { filingId: randomUUID(), knownAt: '2024-07-21T18:30:00.000Z', promoterPct: '50.20' },
      { filingId: randomUUID(), knownAt: '2024-11-01T00:00:00.000Z', promoterPct: '50.30' },
    ];
    for (const filing of [...filings].reverse()) await harness.append(reported(company, filing));
    await harness.project({ batchSize: 1 });
    expect(await read(companyId)).toEqual([[filings[2]?.filingId, '50.30', 0]]);
    expect(await read(companyId, '2024-11-01T00:00:00.000Z')).toEqual([[filings[2]?.filingId, '50.30', 0]]);
    expect(await read(companyId, '2024-10-31T23:59:59.999Z')).toEqual([[filings[1]?.filingId, '50.20', 0]]);
    expect(await read(companyId, '2024-07-10T00:00:00.000Z')).toEqual([[filings[0]?.filingId, '50.10', 0]]);
    expect(await read(companyId, '2024-07-09T00:00:00.000Z')).toEqual([]);
  });

  it('breaks a tie of knowledge times by parser version, then by filing id', async () => {
    const company = givenCompany();
    const { companyId } = company;
    const knownAt = '2024-07-21T18:30:00.000Z';
    await harness.append(
      reported(company, { filingId: id(3), knownAt, promoterPct: '1.00' }),
      reported(company, { filingId: id(1), knownAt, promoterPct: '2.00', parserVersion: 2 }),
      reported(company, { filingId: id(2), knownAt, promoterPct: '3.00' }),
    );
    await harness.project();
    expect(await read(companyId)).toEqual([[id(1), '2.00', 0]]);
    await harness.append(reported(company, { filingId: id(4), knownAt, promoterPct: '4.00', parserVersion: 2 }));
    await harness.project();
    expect(await read(companyId)).toEqual([[id(4), '4.00', 0]]);
  });

  it('replaces a filing and its holder lines on a re-parse; an older parse changes nothing', async () => {
    const company = givenCompany();
    const { companyId } = company;
    const filingId = randomUUID();
    const knownAt = '2024-07-21T18:30:00.000Z';
    await harness.append(reported(company, { filingId, knownAt, promoterPct: '10.00', holders: 3 }));
    await harness.project();
    expect(await read(companyId)).toEqual([[filingId, '10.00', 3]]);
    await harness.append(reported(company, { filingId, knownAt, promoterPct: '10.50', holders: 2, parserVersion: 2 }));
    await harness.append(reported(company, { filingId, knownAt, promoterPct: '9.00', holders: 5, parserVersion: 1 }));
    await harness.project();
    expect(await read(companyId)).toEqual([[filingId, '10.50', 2]]);
    const { rows } = await harness.db.query<{ n: number }>(`select count(*)::int8 as n from ${HOLDERS} where filing_id = $1`, [filingId]);
    expect(rows[0]?.n).toBe(2);
  });
});
