import type { DocumentCopy } from './document-copies.ts';

/** Context a connector knows about a file beyond its bytes. */
export interface FileContext {
  readonly knownAt?: string | null;
  readonly sourceUrl?: string | null;
  readonly attributes?: Readonly<Record<string, unknown>>;
}

/** A file of the current run, as context providers see it. */
export interface RunFile {
  readonly fileName: string;
  readonly format: string;
  read(): Promise<Uint8Array>;
}

/**
 * Finds context for files from other files: e.g. NSE's results listing gives each XBRL
 * file its dissemination time, ISIN and URL. `prepare` sees the whole run first.
 */
export interface ContextProvider {
  prepare(run: readonly RunFile[]): Promise<(file: RunFile) => FileContext | undefined>;
  /**
   * Copies of stored documents (document and delivered name) that the run's files give the
   * context they lacked when they were received (XBRL files received before their listing):
   * ingestion receives them again with it, so what they yield does not depend on which file
   * arrived first, and a copy known earlier under another name is not forgotten.
   */
  awaiting?(run: readonly RunFile[]): Promise<readonly DocumentCopy[]>;
}
