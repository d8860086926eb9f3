import { describe, expect, it } from 'vitest';
import type { SqlExecutor } from '#platform/db/db';
import type { FetchedDocument } from './datasets/dataset.ts';
import type { UploadResult } from './relay-client.ts';
import { createRelaySink } from './relay-sink.ts';

const document = (name: string): FetchedDocument => ({
  bytes: new TextEncoder().encode(name),
  fileName: name,
  sourceUrl: `https://nsearchives.nseindia.com/content/equities/${name}`,
  knownAt: null,
  attributes: { fetch: { sha256: `sha-of-${name}` } },
});

/** A database that records the statements the sink sends. */
function recordingDb(): SqlExecutor & { readonly sent: Array<readonly unknown[]> } {
  const sent: Array<readonly unknown[]> = [];
  const query = (_text: string, params: readonly unknown[] = []) => {
    sent.push(params);
    return Promise.resolve({ rows: [], rowCount: 0 });
  };
  const db = { sent, query } as unknown as SqlExecutor & { sent: Array<readonly unknown[]> };
  return db;
}

const accepted = (outcome: 'stored' | 'known'): UploadResult => ({
  ok: true,
  status: 202,
  sha256: 'x',
  problems: [],
  documents: [{ document_id: 'x', file_name: 'f', format: 'nse-equity-master', outcome, parse: { status: 'parsed', reason: null } }],
});

describe('the relay sink (npm run sync -- --relay URL --key K)', () => {
  it('uploads each document, counts what the service stored and what it held, and remembers each upload by URL', async () => {
    const db = recordingDb();
    const answers = [accepted('stored'), accepted('known')];
    const uploaded: string[] = [];
    const sink = createRelaySink(db, (doc) => {
      uploaded.push(doc.fileName);
      return Promise.resolve(answers.shift() ?? accepted('known'));
    });
    expect(await sink.deliver([document('EQUITY_L.csv'), document('symbolchange.csv')])).toMatchObject({ stored: 1, alreadyHeld: 1 });
    expect(uploaded).toEqual(['EQUITY_L.csv', 'symbolchange.csv']);
    expect(db.sent).toEqual([
      ['https://nsearchives.nseindia.com/content/equities/EQUITY_L.csv', 'sha-of-EQUITY_L.csv'],
      ['https://nsearchives.nseindia.com/content/equities/symbolchange.csv', 'sha-of-symbolchange.csv'],
    ]);
  });

  it("fails the unit, with the service's reason, when the service refuses an upload (it is tried again later)", async () => {
    const db = recordingDb();
    const sink = createRelaySink(db, () =>
      Promise.resolve({
        ok: false,
        status: 403,
        detail: 'this key does not have the ingest scope',
        retryable: false,
        retryAfterSeconds: undefined,
      }),
    );
    await expect(sink.deliver([document('EQUITY_L.csv')])).rejects.toThrow(
      'the relay answered 403: this key does not have the ingest scope',
    );
    expect(db.sent).toEqual([]);
  });
});
