import type { RelayAttributes, UploadedDocument } from '#schemas/api';

/** The one content type POST /v1/documents takes: the document's bytes as they are. */
export const RAW_BODY_TYPE = 'application/octet-stream';

/** A document as uploaded to POST /v1/documents, validated. */
export interface DocumentUpload {
  readonly bytes: Uint8Array;
  readonly fileName: string;
  readonly sourceUrl: string | null;
  readonly knownAt: string | null;
  readonly attributes: RelayAttributes | undefined;
}

/**
 * Where the upload route hands documents to ingestion (serve never imports ingest: the
 * runtime wires this to the pipeline `npm run ingest` runs). It stores the upload's documents,
 * queues their parse and waits a moment for the outcomes; it throws IngestUnavailableError
 * when this process cannot ingest.
 */
export interface DocumentIntake {
  /** The most bytes one upload may have: the ingestion's document limit (INGEST_MAX_DOCUMENT_BYTES). */
  readonly maxDocumentBytes: number;
  receive(upload: DocumentUpload): Promise<{ readonly documents: readonly UploadedDocument[]; readonly problems: readonly string[] }>;
}
