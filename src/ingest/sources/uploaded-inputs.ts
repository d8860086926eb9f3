import { createHash } from 'node:crypto';
import type { IngestLimits } from '#platform/config';
import { HEAD_BYTES, type Problem } from '#ingest/shared/parser';
import { RELAY_ATTRIBUTE } from '#ingest/jobs';
import { archiveInputs, type InputFile, isZip } from './read-inputs.ts';
import { formatBytes } from './zip-archive.ts';

/** A document a relay uploaded: its bytes as the exchange served them, and what the relay states of them. */
export interface UploadedDocument {
  readonly bytes: Uint8Array;
  /** Its base name as published (no folder). */
  readonly fileName: string;
  readonly sourceUrl?: string | null | undefined;
  /** The stated dissemination time, an ISO 8601 instant with its offset. */
  readonly knownAt?: string | null | undefined;
  /** How the relay fetched it (URL, time, HTTP status, ETag, ...): kept as provenance, never context. */
  readonly attributes?: Readonly<Record<string, unknown>> | undefined;
}

/**
 * An upload as the files `readInputs` would make of the same bytes on disk, within the same
 * limits: one file, or a zip archive's members (`archive.zip/entry`, each with the upload's
 * URL, time and provenance), or the file refused (over the document limit, or an archive
 * over a zip limit), or an unreadable zip kept as a document of its own. So an upload and
 * `npm run ingest` of the same file store and parse the same documents.
 */
export function uploadedInputs(upload: UploadedDocument, limits: IngestLimits): { files: InputFile[]; problems: Problem[] } {
  const { bytes, fileName } = upload;
  const origin = `upload ${fileName}`;
  const problems: Problem[] = [];
  if (bytes.length === 0) return { files: [], problems: [{ where: origin, message: 'an empty file (0 bytes): nothing to ingest' }] };
  const stated = {
    ...(upload.sourceUrl ? { sourceUrl: upload.sourceUrl } : {}),
    ...(upload.knownAt ? { knownAt: upload.knownAt } : {}),
    ...(upload.attributes && Object.keys(upload.attributes).length > 0 ? { attributes: { [RELAY_ATTRIBUTE]: upload.attributes } } : {}),
  };
  const head = () => Promise.resolve(bytes.subarray(0, HEAD_BYTES));
  if (bytes.length > limits.maxDocumentBytes) {
    const reason = `${formatBytes(bytes.length)}, over the document limit of ${formatBytes(limits.maxDocumentBytes)} (INGEST_MAX_DOCUMENT_BYTES): refused unread, its bytes are not kept`;
    const refusal = { documentId: sha256(bytes), byteLength: bytes.length, rule: `document-bytes>${limits.maxDocumentBytes}`, reason };
    const read = () => Promise.reject(new Error(reason));
    return { files: [{ fileName, origin, read, readHead: head, refusal, ...stated }], problems };
  }
  const members = /\.zip$/i.test(fileName) && isZip(bytes) ? archiveInputs(fileName, origin, bytes, limits, problems) : undefined;
  if (members) return { files: members.map((member) => ({ ...member, ...stated })), problems };
  return { files: [{ fileName, origin, read: () => Promise.resolve(bytes), readHead: head, ...stated }], problems };
}

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
