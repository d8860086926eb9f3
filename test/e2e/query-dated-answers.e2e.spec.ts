import { readFileSync } from 'node:fs';
import { createParser, type EventSourceMessage } from 'eventsource-parser';
import { beforeAll, expect, it } from 'vitest';
import { QueryResponseSchema } from '#schemas/api/query';
import { type EvidencePacket, EvidencePacketSchema } from '#schemas/query/evidence';
import { numbersNotInPacket } from '#read/query/answer/number-check';
import { inputFromBytes } from '#ingest/sources/read-inputs';
import { givenApi } from '../support/api-harness.ts';
import { TEST_DATABASES } from '../support/databases.ts';
import { realPath } from '../support/real-corpus.ts';
import { describeWithSharedData } from '../support/shared-data.ts';

// The real files, read by hand:
// prices_daily/nifty50_2000_2020/RELIANCE.csv (NSE daily history to 28 Feb 2020, one file known at
// the close of its last day): Close 1328.65 on 2020-02-28 (Prev Close 1386.25, Open 1354.9, High
// 1357.0, Low 1325.0), 1386.25 on 2020-02-27 and 1487.6 on Friday 2020-02-14; no rows for the
// weekends (15-16 February, 29 February 2020).
// shareholding/quarterly_summary_tv/HDFCBANK.csv (period,promoters,fiis,diis,government,public):
// 20230601T,25.52,33.38,... and 20230901T,0.00,52.13,...: the promoter, HDFC Ltd, merged into the
// bank on 1 July 2023, so promoter holding went from 25.52% (June 2023) to 0.00% (September 2023).

// One database: the server when there is one.
const database = TEST_DATABASES[TEST_DATABASES.length - 1];
// The day the list's copy was taken (master/SOURCES.md), stated as an operator states it.
const MASTER_KNOWN_AT = '2024-03-08T00:00:00+05:30';

function readEvents(body: string): EventSourceMessage[] {
  const events: EventSourceMessage[] = [];
  createParser({ onEvent: (event) => events.push(event) }).feed(body);
  return events;
}

/** The last instant of 28 February 2020 in India. */
const END_OF_28_FEB_IST = '2020-02-28T18:29:59.999Z';

describeWithSharedData(`a price on a day and an ownership change, on the real files [${database?.name}]`, () => {
  if (!database) throw new Error('no test database');
  const api = givenApi(database, { ingest: false });

  beforeAll(async () => {
    // The two companies' rows of NSE's real equity list, under its header: the names the questions use.
    const [header, ...rows] = readFileSync(realPath('master/EQUITY_L.csv'), 'utf8').split(/\r?\n/);
    const listed = [header, ...rows.filter((row) => /^(?:RELIANCE|HDFCBANK),/.test(row)), ''].join('\n');
    const master = await api.service.ingest([inputFromBytes('EQUITY_L.csv', 'test', new TextEncoder().encode(listed))], {
      knownAt: new Date(MASTER_KNOWN_AT).toISOString(),
    });
    expect(master).toMatchObject({ parsed: 1, failed: 0 });
    const files = await api.service.ingest([
      realPath('prices_daily/nifty50_2000_2020/RELIANCE.csv'),
      realPath('shareholding/quarterly_summary_tv/HDFCBANK.csv'),
    ]);
    expect(files).toMatchObject({ parsed: 2, rejected: 0, failed: 0 });
    await api.service.harness.project();
  }, 240_000);

  const query = async (question: string): Promise<{ packet: EvidencePacket; text: string; citations: Array<{ value: string }> }> => {
    const response = await api.post('/v1/query', { query: question });
    expect(response.statusCode, response.body).toBe(200);
    const { data } = QueryResponseSchema.parse(response.json());
    const packet = EvidencePacketSchema.parse({ ...data.evidence, plan: data.plan, facts: data.facts, gaps: data.gaps });
    expect(numbersNotInPacket(data.answer.text, packet), question).toEqual([]);
    return { packet, text: data.answer.text, citations: data.answer.citations };
  };

  it("answers a close on a day with that day's close, known by its end, not the latest", async () => {
    const { packet, text, citations } = await query('Reliance close on 28 February 2020');
    expect(packet.plan).toMatchObject({ route: 'quote', reference: 'Reliance', price_date: '2020-02-28', as_of: null });
    expect(packet.quote).toMatchObject({ ticker: 'RELIANCE', last_price: '1328.65', previous_close: '1386.25', source: 'candle' });
    expect(packet.quote?.known_at && packet.quote.known_at <= END_OF_28_FEB_IST).toBe(true);
    expect(text).toContain(
      'The close of NSE: RELIANCE (series EQ) on 28 February 2020 was ₹1,328.65 (daily candle; known at 2020-02-28 10:00 UTC',
    );
    expect(citations.map((c) => c.value)).toContain('₹1,328.65');
    expect(packet.gaps.filter((g) => g.subject === 'price')).toEqual([]);

    // An earlier day of the same file: its own close, known at its own close, not the file's.
    const earlier = await query('What was the closing price of RELIANCE on 27 Feb 2020?');
    expect(earlier.packet.quote).toMatchObject({
      last_price: '1386.25',
      as_of: '2020-02-27T10:00:00.000Z',
      known_at: '2020-02-27T10:00:00.000Z',
    });
    expect(earlier.text).toContain('on 27 February 2020 was ₹1,386.25');
  });

  it('says when the day had no session, and gives the nearest earlier close with its date', async () => {
    const leap = await query('Reliance price on 29 February 2020');
    expect(leap.packet.quote).toMatchObject({ last_price: '1328.65', as_of: '2020-02-28T10:00:00.000Z' });
    const gap = leap.packet.gaps.find((g) => g.subject === 'price');
    expect(gap).toMatchObject({ kind: 'missing' });
    expect(gap?.message).toContain('No close of 29 February 2020 is recorded');
    expect(gap?.message).toContain('the nearest earlier close, of 28 February 2020, is given');
    expect(leap.text).toContain(gap?.message);

    const sunday = await query('RELIANCE share price as on 16 February 2020');
    expect(sunday.packet.plan).toMatchObject({ price_date: '2020-02-16', as_of: null });
    expect(sunday.packet.quote).toMatchObject({ last_price: '1487.6', as_of: '2020-02-14T10:00:00.000Z' });
    expect(sunday.text).toContain('on 14 February 2020 was ₹1,487.60');
  });

  it('answers an ownership change with both patterns, each with its source and known_at, and the change in points', async () => {
    const { packet, text, citations } = await query('HDFC Bank promoter holding change, June to September 2023');
    expect(packet.plan).toMatchObject({
      route: 'exact',
      concepts: ['promoter_pct'],
      fiscal_year: 2024,
      fiscal_quarter: 2,
      change_from: '2023-06-30',
    });
    expect(packet.ownership?.map((s) => [s.period_end, s.promoter_pct, s.source])).toEqual([
      ['2023-06-30', '25.52', 'third-party'],
      ['2023-09-30', '0.00', 'third-party'],
    ]);
    const [june, september] = packet.ownership ?? [];
    expect(packet.ownership_changes).toEqual([
      expect.objectContaining({
        field: 'promoter_pct',
        from_period_end: '2023-06-30',
        to_period_end: '2023-09-30',
        from_filing_id: june?.filing_id,
        to_filing_id: september?.filing_id,
        change: '-25.52',
      }),
    ]);
    // Each pattern is known after its quarter ended, not before.
    expect(june && june.known_at > '2023-06-30' && september && september.known_at > '2023-09-30').toBe(true);
    for (const snapshot of [june, september]) {
      expect(text).toContain(
        `(shareholding pattern, source third-party; filing ${snapshot?.filing_id}, known at ${snapshot?.known_at.slice(0, 10)}`,
      );
    }
    expect(text).toContain('Promoter holding was 25.52% as at 30 June 2023');
    expect(text).toContain('Promoter holding was 0% as at 30 September 2023');
    expect(text).toContain('Promoter holding changed by -25.52 percentage points from 30 June 2023 to 30 September 2023');
    expect(citations.filter((c) => c.value === '-25.52')).toHaveLength(2);
  });

  it('/v1/ask streams the steps of both questions, then the same answers', async () => {
    for (const question of ['Reliance close on 28 February 2020', 'HDFC Bank promoter holding change, June to September 2023']) {
      const response = await api.post('/v1/ask', { query: question, session: 'dated' });
      expect(response.statusCode).toBe(200);
      const events = readEvents(response.body);
      expect(events.map((e) => e.event).filter((name) => name !== 'step')).toEqual(['answer']);
      expect(events.at(-1)?.event).toBe('answer');
      const steps = events
        .filter((e) => e.event === 'step')
        .map((e) => JSON.parse(e.data) as { stage: string; status: string; counts: Record<string, number> });
      expect(steps[0]).toMatchObject({ stage: 'planning', status: 'done' });
      expect(steps.find((s) => s.stage === 'resolving the company')).toMatchObject({ status: 'done' });
      const fetched = steps.find((s) => s.stage === 'fetching facts');
      if (question.includes('promoter')) expect(fetched).toMatchObject({ status: 'done', counts: { facts: 0, shareholding_patterns: 2 } });
      else expect(fetched).toMatchObject({ status: 'skipped' });
      const answer = JSON.parse(events.at(-1)?.data ?? '{}') as { status: string; answer: { text: string } };
      expect(answer.status).toBe('ok');
      expect(answer.answer.text).toBe((await query(question)).text);
    }
  });
});
