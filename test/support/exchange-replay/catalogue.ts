import { readFileSync } from 'node:fs';

/** The four exchange hosts the replay stands in for, each under its own path prefix. */
export type ReplayHost = 'nse-www' | 'nse-archives' | 'bse-www' | 'bse-api';

export const REPLAY_HOSTS: readonly ReplayHost[] = ['nse-www', 'nse-archives', 'bse-www', 'bse-api'];

/** A file the replay serves at one path of one host, read (or built) on first request. */
export interface ServedFile {
  readonly host: ReplayHost;
  /** The path after the host, as the real host serves it (starts with `/`). */
  readonly path: string;
  readonly dataset: string;
  /** The corpus file whose bytes are served unchanged; absent when the body is constructed. */
  readonly file?: string;
  /** For a constructed body, the corpus file its content comes from (a zipped CSV's CSV, a UDiFF's legacy file). */
  readonly builtFrom?: string;
  readonly contentType: string;
  /** The day the exchange publishes it (a bhavcopy's trade date, a filing's dissemination day). */
  readonly day?: string;
  readonly body: () => Uint8Array;
}

export interface ApiContext {
  /** Rows disseminated after this day (YYYY-MM-DD) are not listed yet. */
  readonly publishedUntil: string | undefined;
  /** The widest window NSE's listing APIs answer for; wider ones keep their last days. */
  readonly nseWindowCapDays: number | undefined;
  readonly bseWindowCapDays: number | undefined;
}

export interface ApiAnswer {
  readonly status: number;
  readonly body: string | Uint8Array;
  readonly contentType: string;
}

/** An endpoint whose answer depends on its query (a listing over a window of days). */
export interface ServedApi {
  readonly host: ReplayHost;
  readonly path: string;
  readonly dataset: string;
  /** An example query, for the list of what is served. */
  readonly example: string;
  answer(query: URLSearchParams, context: ApiContext): ApiAnswer;
}

/** A dated series of files whose path names the day: what a holiday is answered from. */
export interface DatedSeries {
  readonly dataset: string;
  readonly host: ReplayHost;
  dayOf(path: string): string | undefined;
  pathFor(day: string): string;
}

export interface Catalogue {
  readonly files: ServedFile[];
  readonly apis: ServedApi[];
  readonly series: DatedSeries[];
}

export const emptyCatalogue = (): Catalogue => ({ files: [], apis: [], series: [] });

/** A value computed once, on first use: most of the 3,500 XBRL files are never asked for, nor most listings. */
export function once<T>(build: () => T): () => T {
  let value: { readonly v: T } | undefined;
  return () => (value ??= { v: build() }).v;
}

export const fileBody = (file: string) => once(() => new Uint8Array(readFileSync(file)));

export const json = (value: unknown, status = 200): ApiAnswer => ({
  status,
  body: JSON.stringify(value),
  contentType: 'application/json; charset=utf-8',
});

export const CSV = 'text/csv';
export const ZIP = 'application/zip';
export const XML = 'application/xml';
