import type { SqlExecutor } from '../../platform/db/db.ts';
import type { FetchedDocument } from './datasets/dataset.ts';
import type { fetchAttributes } from './datasets/fetch-document.ts';
import type { DocumentSink } from './local-sink.ts';

/** Sends one document to a relay's `POST /v1/documents`; what it answered (`stored`, `known`, `refused`). */
export type Upload = (document: FetchedDocument) => Promise<{ readonly outcome: string }>;

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
        if (answer.outcome === 'stored') stored += 1;
        else alreadyHeld += 1;
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
