import type { SqlExecutor } from '#platform/db';
import type { FetchedDocument } from './datasets/dataset.ts';
import type { fetchAttributes } from './datasets/fetch-document.ts';
import type { DocumentSink } from './local-sink.ts';

import type { UploadResult } from './relay-client.ts';

/** Sends one document to a relay's `POST /v1/documents`; what it answered. */
export type Upload = (document: FetchedDocument) => Promise<UploadResult>;

/**
 * Delivers fetched documents to another service's relay endpoint instead of this one's
 * pipeline (`npm run sync -- --relay URL --key K`), remembering each upload so that a
 * listed file is fetched once.
 */
export function createRelaySink(db: SqlExecutor, upload: Upload): DocumentSink {
  return {
    async deliver(documents) {
      let stored = 0;
      let alreadyHeld = 0;
      for (const document of documents) {
        const answer = await upload(document);
        // A refusal (a key without the ingest scope, the service busy) fails the unit, which is tried again later.
        if (!answer.ok) throw new Error(`the relay answered ${answer.status}: ${answer.detail}`);
        stored += answer.documents.filter((d) => d.outcome === 'stored').length;
        alreadyHeld += answer.documents.filter((d) => d.outcome !== 'stored').length;
        const digest = (document.attributes.fetch as ReturnType<typeof fetchAttributes> | undefined)?.sha256 ?? '';
        await db.query('insert into sync_relayed (source_url, sha256) values ($1, $2) on conflict do nothing', [
          document.sourceUrl,
          digest,
        ]);
      }
      return { stored, alreadyHeld, summary: undefined, problems: [] };
    },
  };
}
