import { createHash } from 'node:crypto';
import path from 'node:path';
import { beforeAll, expect, it } from 'vitest';
import { inputFromBytes } from '#ingest/sources/read-inputs';
import { describeEachDatabase } from '../../test/support/databases.ts';
import { givenIngestion } from '../../test/support/ingestion-harness.ts';
import { REPO_ROOT } from '../../test/support/parse-input.ts';
import { getLatestQuote, latestCloseSql, listCandles } from './queries.ts';

const RELIANCE_DAILY = path.join(REPO_ROOT, 'sample-data/prices/daily/RELIANCE.csv');
const NSE = 'NSE' as const;

/** A NIFTY 50 history file (the daily-history format) of RELIANCE with the given rows. */
function dailyHistory(name: string, rows: readonly string[]) {
  const header = 'Date,Symbol,Series,Prev Close,Open,High,Low,Last,Close,VWAP,Volume,Turnover,Trades,Deliverable Volume,%Deliverble';
  return inputFromBytes(name, 'test', new TextEncoder().encode([header, ...rows, ''].join('\n')));
}

describeEachDatabase('prices read model: the same candle from another file', (database) => {
  const service = givenIngestion(database);
  const candleOn = async (day: string) => {
    const [candle] = await listCandles(service.harness.db, {
      exchange: NSE,
      tickers: ['RELIANCE'],
      interval: '1d',
      start: `${day}T00:00:00Z`,
      end: `${day}T23:59:59Z`,
      limit: 5,
    });
    return candle;
  };

  beforeAll(async () => {
    await service.ingest([RELIANCE_DAILY]);
    await service.harness.project();
  }, 120_000);

  it('keeps the candle when a file known earlier states it differently', async () => {
    // A file known at 15:30 IST on 2020-02-27, before the history file (2020-02-28): it does not replace it.
    await service.ingest([
      dailyHistory('RELIANCE-early.csv', [
        '2020-02-27,RELIANCE,EQ,1392.0,1388.0,1393.8,1369.0,1380.45,1000.0,1381.33,11454300,1582217575220000.0,240043.0,,',
      ]),
    ]);
    await service.harness.project();
    expect(await candleOn('2020-02-27')).toMatchObject({
      close: '1386.25',
      known_at: '2020-02-27T10:00:00.000Z', // the candle's own close, whichever file holds it
      source_file: 'RELIANCE.csv',
    });
  });

  it('replaces the candle with the version known later, and moves the newest candle forward', async () => {
    const corrected = dailyHistory('RELIANCE-corrected.csv', [
      '2020-02-27,RELIANCE,EQ,1392.0,1388.0,1393.8,1369.0,1380.45,1387.0,1381.33,11454300,1582217575220000.0,240043.0,,',
      '2020-03-02,RELIANCE,EQ,1328.65,1325.0,1330.0,1290.0,1300.0,1300.5,1310.0,1000,131000000000000.0,100.0,,',
    ]);
    await service.ingest([corrected]);
    await service.harness.project();
    // The version of the file known later is held; the candle is still known at its own close
    // (one version per candle: a correction shows in place of the value known before it, docs/prices.md).
    expect(await candleOn('2020-02-27')).toMatchObject({
      close: '1387.0',
      known_at: '2020-02-27T10:00:00.000Z',
      source_file: 'RELIANCE-corrected.csv',
      source_document: createHash('sha256')
        .update(await corrected.read())
        .digest('hex'),
    });
    expect(await candleOn('2020-02-26')).toMatchObject({
      close: '1392.0',
      known_at: '2020-02-26T10:00:00.000Z',
      source_file: 'RELIANCE.csv',
    });
    const { rows } = await service.harness.db.query(`with l as (${latestCloseSql()}) select close, start from l where ticker = 'RELIANCE'`);
    expect(rows).toEqual([{ close: '1300.5', start: new Date('2020-03-02T03:45:00.000Z') }]);
    expect(
      await getLatestQuote(service.harness.db, { exchange: NSE, tickers: ['RELIANCE'], now: '2026-01-01T00:00:00.000Z' }),
    ).toMatchObject({
      source: 'candle',
      last_price: '1300.5',
      previous_close: '1328.65',
      change: '-28.15',
      change_percent: '-2.12', // -28.15 / 1328.65 = -2.1187...%
    });
  });
});
