import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { PRICE_PART_CANDLES } from '#schemas/events/prices';
import { nseDailyHistoryParser } from '#ingest/formats/nse-daily-history/parser';
import { nseIntradayBarsParser } from '#ingest/formats/nse-intraday-bars/parser';
import { nseQuoteSnapshotParser } from '#ingest/formats/nse-quote-snapshot/parser';
import type { Parser } from '#ingest/shared/parser/parser';
import { givenParseInput } from '../../test/support/parse-input.ts';
import { describeWithSharedData, SHARED_DATA } from '../../test/support/shared-data.ts';
import { type PriceEvent, preparePrices } from './price-rows.ts';

/** A real file's price events as the store would return them; `keep` selects its lines (the header always stays). */
function storedEventsOf(parser: Parser, relative: string, keep: (line: string) => boolean = () => true): PriceEvent[] {
  const [header = '', ...lines] = readFileSync(path.join(SHARED_DATA, relative), 'utf8').split('\n');
  const text = [header, ...lines.filter((line) => line !== '' && keep(line)), ''].join('\n');
  const input = givenParseInput(text, { fileName: path.basename(relative) });
  const outcome = parser.parse(input);
  if (!outcome.ok) throw new Error(outcome.reason);
  return outcome.events
    .filter((event) => event.type === 'PricesRecorded' || event.type === 'QuotesRecorded')
    .map((event, i) => ({
      ...event,
      streamId: `prices-${i}`,
      streamVersion: 1,
      position: i + 1,
      schemaVersion: 2,
      metadata: { ...event.metadata, recordedAt: '2026-01-01T00:00:00.000Z' },
    }));
}

interface RowRead {
  readonly m: number;
  readonly start?: string;
  readonly at?: string;
  readonly close?: string;
  readonly last_price?: string;
  readonly known_at: string;
}

function preparedRows(events: readonly PriceEvent[]) {
  const prepared = preparePrices(events);
  const read = (chunks: readonly string[]) => chunks.flatMap((chunk) => JSON.parse(chunk) as RowRead[]);
  return {
    meta: JSON.parse(prepared.meta) as Array<{ interval: string | null; file_known_at: string; source_file: string | null }>,
    candles: read(prepared.candleChunks),
    quotes: read(prepared.quoteChunks),
  };
}

describeWithSharedData('each price row knowable by its own time, in the real files', () => {
  it("dates each candle of RELIANCE's 2000-2020 daily history at its own day's close, not the file's last day", () => {
    const { meta, candles } = preparedRows(storedEventsOf(nseDailyHistoryParser, 'prices_daily/nifty50_2000_2020/RELIANCE.csv'));
    // The file runs from 2000-01-03 (close 251.7) to 2020-02-28 (close 1328.65): known as a whole at 28 Feb 2020 15:30 IST,
    // each of its 5017 candles' parts as well.
    const part: unknown = expect.objectContaining({
      interval: '1d',
      file_known_at: '2020-02-28T10:00:00.000Z',
      source_file: 'RELIANCE.csv',
    });
    expect(meta).toEqual(Array<unknown>(Math.ceil(5017 / PRICE_PART_CANDLES)).fill(part));
    const on = (day: string) => candles.find((row) => row.start?.startsWith(day));
    expect(on('2000-01-03')).toMatchObject({ close: '251.7', known_at: '2000-01-03T10:00:00.000Z' });
    expect(on('2020-01-31')).toMatchObject({ close: '1411.65', known_at: '2020-01-31T10:00:00.000Z' });
    // Saturday 1 Feb 2020, the Union Budget's special session.
    expect(on('2020-02-01')).toMatchObject({ close: '1383.35', known_at: '2020-02-01T10:00:00.000Z' });
    expect(on('2020-02-28')).toMatchObject({ close: '1328.65', known_at: '2020-02-28T10:00:00.000Z' });
    expect(candles.every((row) => row.known_at.slice(0, 10) === row.start?.slice(0, 10))).toBe(true);
  });

  it("dates each 5-minute bar at its end, and a built candle at its end or the file's last bar, whichever is first", () => {
    // The file's first and last sessions, as it writes them (the year between changes nothing here and is slow to build).
    const firstAndLast = (line: string) => line.startsWith('2023-07-03 ') || line.startsWith('2024-06-28 ');
    const file = 'prices_intraday/nse_5min_2023-07_2024-06/RELIANCE.csv';
    const { meta, candles } = preparedRows(storedEventsOf(nseIntradayBarsParser, file, firstAndLast));
    const interval = (m: number) => meta[m]?.interval;
    const bar = (i: string, start: string) => candles.find((row) => interval(row.m) === i && row.start === start);
    // 2023-07-03 09:15:00+05:30,2438.35,2443.3,2435.75,2442.25,105325: the first bar, ending 09:20 IST.
    expect(bar('5m', '2023-07-03T03:45:00.000Z')).toMatchObject({ close: '2442.25', known_at: '2023-07-03T03:50:00.000Z' });
    // 2024-06-28 15:25:00+05:30, close 3128.25: the file's last bar, ending 15:30 IST.
    expect(bar('5m', '2024-06-28T09:55:00.000Z')).toMatchObject({ close: '3128.25', known_at: '2024-06-28T10:00:00.000Z' });
    // The hour from 09:15 on 3 July 2023 ends 10:15 IST; the last hour of the file (15:15) holds bars to 15:30 IST only.
    expect(bar('1h', '2023-07-03T03:45:00.000Z')?.known_at).toBe('2023-07-03T04:45:00.000Z');
    expect(bar('1h', '2024-06-28T09:45:00.000Z')).toMatchObject({ close: '3128.25', known_at: '2024-06-28T10:00:00.000Z' });
  });

  it('dates each polled quote at its poll time, not the last poll of the file', () => {
    const { meta, quotes } = preparedRows(
      storedEventsOf(nseQuoteSnapshotParser, 'prices_intraday/nse_getquote_snapshots_2019-11/RELIANCE.csv'),
    );
    // The first poll with a poll time: date1 28/11/2019 13:15:29 IST, lastPrice 1576.0; the last: 29/11/2019 15:31:53 IST.
    expect(meta).toEqual([expect.objectContaining({ file_known_at: '2019-11-29T10:01:53.000Z' })]);
    const first = quotes.find((row) => Date.parse(row.at ?? '') === Date.parse('2019-11-28T07:45:29.000Z'));
    expect(first).toMatchObject({ last_price: '1576.0', known_at: '2019-11-28T07:45:29.000Z' });
    expect(quotes.every((row) => Date.parse(row.known_at) === Date.parse(row.at ?? ''))).toBe(true);
  });
});
