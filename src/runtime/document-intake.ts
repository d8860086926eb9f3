import type { UploadedDocument } from '#schemas/api';
import type { IngestLimits } from '#platform/config';
import { IngestUnavailableError } from '#platform/errors';
import { type IngestedDocument, ingestInputs } from '#ingest/pipeline';
import { uploadedInputs } from '#ingest/sources';
import type { DocumentIntake } from '#serve/http';
import type { Ingestion } from '#runtime/ingestion';

/** How long an upload waits for its parse before answering `pending`: most documents parse well within it. */
export const UPLOAD_WAIT_MS = 10_000;

function uploadedOf(document: IngestedDocument): UploadedDocument {
  const { outcome } = document;
  const status = outcome === undefined ? 'pending' : outcome.type === 'DocumentRejected' ? 'rejected' : 'parsed';
  return {
    document_id: document.documentId,
    file_name: document.fileName,
    format: document.format,
    outcome: document.received,
    parse: { status, reason: status === 'rejected' ? (outcome?.reason ?? null) : null },
  };
}

/**
 * POST /v1/documents wired to the pipeline `npm run ingest` runs: the upload becomes the
 * files `readInputs` would make of it (the same limits and zip checks), and `ingestInputs`
 * stores them, queues their parse and waits up to `waitMs` for the outcomes. `ingestion`
 * gives this process's ingestion, started; when it cannot, the upload is a 503 saying why.
 */
export function createDocumentIntake(
  ingestion: () => Promise<Ingestion>,
  options: { readonly limits: IngestLimits; readonly waitMs?: number },
): DocumentIntake {
  return {
    maxDocumentBytes: options.limits.maxDocumentBytes,
    async receive(upload) {
      const running = await ingestion().catch((error: unknown) => {
        if (error instanceof IngestUnavailableError) throw error;
        throw new IngestUnavailableError(`its ingestion could not start (${error instanceof Error ? error.message : String(error)})`);
      });
      const { files, problems } = uploadedInputs(upload, options.limits);
      const summary = await ingestInputs(running.deps, files, {
        source: 'relay',
        waitSignal: AbortSignal.timeout(options.waitMs ?? UPLOAD_WAIT_MS),
      });
      return {
        documents: summary.documents.map(uploadedOf),
        problems: [...problems, ...summary.inputProblems].map((problem) => `${problem.where}: ${problem.message}`),
      };
    },
  };
}
