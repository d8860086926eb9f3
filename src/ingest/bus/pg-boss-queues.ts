/** The pg-boss queue of parsing jobs, and where its jobs go once their retries are used up. */
export const INGEST_QUEUE = 'ingest-document';
export const DEAD_LETTER_QUEUE = 'ingest-document-dead';
