import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FilingsResponseSchema } from '#schemas/api/filings';
import { FinancialsResponseSchema } from '#schemas/api/financials';
import { givenApi } from '../support/api-harness.ts';
import { describeEachDatabase } from '../support/databases.ts';
import { REPO_ROOT } from '../support/parse-input.ts';

// ACC's Q2 FY24 standalone results: NSE disseminated the same bytes twice, on 27 Oct 2023
// (10:42:03 IST) and again on 30 Oct 2023 (11:38:04 IST), under two names and URLs
// (test/fixtures/acc-redissemination/PROVENANCE.md).
const fixture = (name: string) => path.join(REPO_ROOT, 'test', 'fixtures', 'acc-redissemination', name);
const LISTING = fixture('acc-q2-fy24.json');
const FIRST = fixture('27Oct2023_1038_INDAS_97991_968496_27102023103823.xml');
const AGAIN = fixture('30Oct2023_1133_INDAS_98196_970551_30102023113322.xml');
const FIRST_KNOWN_AT = '2023-10-27T05:12:03.000Z';
const AGAIN_KNOWN_AT = '2023-10-30T06:08:04.000Z';
const FIRST_URL = 'https://nsearchives.nseindia.com/corporate/xbrl/INDAS_97991_968496_27102023103823.xml';
const AGAIN_URL = 'https://nsearchives.nseindia.com/corporate/xbrl/INDAS_98196_970551_30102023113322.xml';

/** Arrival orders: each inner list is one ingestion run. */
const ORDERS: ReadonlyArray<{ name: string; runs: string[][] }> = [
  { name: 'the 27 Oct copy first, each file in its own run', runs: [[LISTING], [FIRST], [AGAIN]] },
  { name: 'the 30 Oct copy first, each file in its own run', runs: [[LISTING], [AGAIN], [FIRST]] },
  { name: 'both copies in one run, the 30 Oct copy first', runs: [[LISTING, AGAIN, FIRST]] },
  { name: 'both copies before their listing, the 30 Oct copy first', runs: [[AGAIN], [FIRST], [LISTING]] },
];

const revenueAsOf = (asOf: string) => `/v1/financials?ticker=ACC&concept=Revenue&period=quarterly&basis=standalone&as_of=${asOf}`;

describeEachDatabase('a filing disseminated twice is known from its first dissemination, whatever the arrival order', (database) => {
  for (const order of ORDERS) {
    describe(order.name, () => {
      const api = givenApi(database, { ingest: false });

      it('shows Q2 FY24 from 27 Oct 2023 in GET /v1/financials as_of, from the first copy, and both disseminations on the filing', async () => {
        for (const run of order.runs) {
          const summary = await api.service.ingest(run);
          expect(summary.failed).toBe(0);
        }
        await api.service.harness.project();

        const before = FinancialsResponseSchema.parse((await api.get(revenueAsOf('2023-10-27T05:12:02.999Z'))).json());
        expect(before.data).toEqual([]);
        const first = FinancialsResponseSchema.parse((await api.get(revenueAsOf(FIRST_KNOWN_AT))).json());
        expect(first.data.map((f) => [f.period.end, f.value, f.known_at, f.source_url])).toEqual([
          ['2023-09-30', '44346700000', FIRST_KNOWN_AT, FIRST_URL],
        ]);
        const between = FinancialsResponseSchema.parse((await api.get(revenueAsOf('2023-10-29T00:00:00Z'))).json());
        expect(between.data.map((f) => [f.value, f.known_at])).toEqual([['44346700000', FIRST_KNOWN_AT]]);

        const filings = FilingsResponseSchema.parse((await api.get('/v1/filings?ticker=ACC')).json());
        expect(filings.data).toHaveLength(1);
        expect(filings.data[0]).toMatchObject({
          period_end: '2023-09-30',
          is_revision: false,
          known_at: FIRST_KNOWN_AT,
          source_url: FIRST_URL,
          disseminations: [
            { known_at: FIRST_KNOWN_AT, source_url: FIRST_URL, file_name: expect.stringContaining('INDAS_97991_') },
            { known_at: AGAIN_KNOWN_AT, source_url: AGAIN_URL, file_name: expect.stringContaining('INDAS_98196_') },
          ],
        });
      });
    });
  }
});
