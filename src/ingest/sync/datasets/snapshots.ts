import type { ExchangeHost } from '#platform/config';
import type { Dataset, DatasetIo, FetchedDocument, SyncUnit, UnitOutcome } from './dataset.ts';
import { type DocumentRequest, fetchDocument } from './fetch-document.ts';
import { snapshotUnit } from './units.ts';

/**
 * When a snapshot that states no date of its own became knowable: the Last-Modified the
 * host sends, else the fetch. Its content's own lower bound (its newest listing date) would
 * date today's names years back; the fetch is late, never early, so nothing is known before it was.
 */
function snapshotKnownAt(lastModified: string | null, fetchedAt: string): string {
  const stated = lastModified ? Date.parse(lastModified) : Number.NaN;
  return Number.isFinite(stated) && stated <= Date.parse(fetchedAt) ? new Date(stated).toISOString() : fetchedAt;
}

/** Fetches the files of a snapshot; a file the host does not have (404) is skipped, any other refusal fails the unit. */
export async function fetchSnapshot(io: DatasetIo, requests: readonly DocumentRequest[]): Promise<UnitOutcome> {
  const documents: FetchedDocument[] = [];
  let count = 0;
  const missing: string[] = [];
  for (const request of requests) {
    const answer = await fetchDocument(io, request);
    if (answer.kind !== 'data') {
      count += answer.requests;
      if (answer.kind === 'absent') {
        missing.push(`${request.fileName}: ${answer.reason}`);
        continue;
      }
      return { ...answer, requests: count };
    }
    count += answer.response.attempts;
    documents.push({ ...answer.document, knownAt: snapshotKnownAt(answer.response.lastModified, answer.response.fetchedAt) });
  }
  if (documents.length === 0) return { kind: 'not-published', reason: missing.join('; ') || 'nothing served', requests: count };
  return { kind: 'fetched', documents, requests: count, ...(missing.length > 0 ? { note: missing.join('; ') } : {}) };
}

/** A dataset of daily snapshots (reference lists): one unit a day, whatever the backfill's dates. */
export function snapshotDataset(spec: {
  readonly name: string;
  readonly exchange: 'NSE' | 'BSE';
  readonly description: string;
  readonly host: ExchangeHost;
  readonly files: ReadonlyArray<Omit<DocumentRequest, 'host'>>;
}): Dataset {
  const requests = spec.files.map((file) => ({ ...file, host: spec.host }));
  return {
    name: spec.name,
    exchange: spec.exchange,
    description: spec.description,
    host: spec.host,
    follow: { kind: 'daily-snapshot' },
    units: (_from, _to, io) => Promise.resolve([snapshotUnit(io.today())]),
    urls: (_unit: SyncUnit, io) => requests.map((request) => io.urlAt(request.host, request.path)),
    fetch: (_unit, io) => fetchSnapshot(io, requests),
  };
}
