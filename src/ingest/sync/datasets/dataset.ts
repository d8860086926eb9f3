import type { IngestLimits, ExchangeHost } from '#platform/config';
import type { ExchangeClient } from '../exchange-client.ts';

/** One thing a dataset fetches as a whole: a session, a window of dates, a snapshot, a symbol. */
export interface SyncUnit {
  /** Unique within its dataset, and stable: progress is kept under it (`2025-01-06`, `2025-01-01..2025-03-31`, `snapshot:2025-01-06`, `symbol:TCS`). */
  readonly key: string;
  /** The first and last dates it covers (a session: the same date). */
  readonly from: string;
  readonly to: string;
  readonly symbol?: string;
  /** A file published whole once (a session's bhavcopy): done when fetched, even on its own day. */
  readonly final?: boolean;
}

/** A response body to store, with everything known about it. */
export interface FetchedDocument {
  readonly bytes: Uint8Array;
  /** The name the exchange publishes it under (the URL's last segment, or a name for an API answer). */
  readonly fileName: string;
  /** The URL at the exchange's own host, whatever base URL it was fetched through. */
  readonly sourceUrl: string;
  /** When the source says it was published; null where it says nothing (the parser dates it by its content). */
  readonly knownAt: string | null;
  /** The fetch's provenance (`fetch`) and, for a file a listing names, the listing row (`listingRow`). */
  readonly attributes: Readonly<Record<string, unknown>>;
}

export type UnitOutcome =
  | {
      readonly kind: 'fetched';
      readonly documents: readonly FetchedDocument[];
      readonly requests: number;
      /** Why some of it could not be had (a listed file not yet there): the unit is tried again, for what is missing. */
      readonly incomplete?: string;
      /** Anything worth saying that does not make it incomplete (a file the host does not publish). */
      readonly note?: string;
    }
  /** Nothing is or will be published for it (a holiday, a window with no filings). */
  | { readonly kind: 'absent'; readonly reason: string; readonly requests: number }
  /** Not yet: tried again later. */
  | { readonly kind: 'not-published'; readonly reason: string; readonly requests: number }
  | { readonly kind: 'blocked'; readonly reason: string; readonly requests: number }
  | { readonly kind: 'failed'; readonly reason: string; readonly requests: number };

/** What a dataset may use while it fetches. */
export interface DatasetIo {
  readonly client: ExchangeClient;
  /** The URL to fetch for a path at a host (the configured base URL). */
  urlAt(host: ExchangeHost, pathAndQuery: string): string;
  /** The same path at the exchange's real host: what provenance names. */
  canonicalAt(host: ExchangeHost, pathAndQuery: string): string;
  /** A URL a listing names at the exchange's real host, rewritten to the configured base URL. */
  rebase(canonicalUrl: string): string | undefined;
  /** Which of these source URLs are already held (stored before, by a sync or by hand): they are not fetched again. */
  heldSourceUrls(urls: readonly string[]): Promise<ReadonlySet<string>>;
  /** NSE symbols of the companies known, for per-symbol datasets. */
  nseSymbols(): Promise<readonly string[]>;
  /** The ingest limits, which a fetched archive is opened within. */
  readonly limits: IngestLimits;
  /** Today in IST, by the sync's clock. */
  today(): string;
  readonly signal?: AbortSignal;
}

/** When follow mode fetches a dataset (docs/sync.md, "Schedule"). */
export type FollowRule =
  /** A session's file from `afterMinute` (IST minutes after midnight) on trading days until published; the last `recheckSessions` fetched again each evening. */
  | { readonly kind: 'session-file'; readonly afterMinute: number; readonly retryMinutes: number; readonly recheckSessions: number }
  /** Today's unit every `everyMinutes`, `offHoursMinutes` outside [fromMinute, toMinute) IST. */
  | {
      readonly kind: 'intraday';
      readonly everyMinutes: number;
      readonly fromMinute: number;
      readonly toMinute: number;
      readonly offHoursMinutes: number;
    }
  /** A window around today (`back` days to `ahead` days), every `everyMinutes`. */
  | { readonly kind: 'window'; readonly everyMinutes: number; readonly back: number; readonly ahead: number }
  /** A snapshot once a day. */
  | { readonly kind: 'daily-snapshot' }
  /** Each symbol daily in the `recentDays` after a quarter end, monthly otherwise. */
  | { readonly kind: 'per-symbol'; readonly recentDays: number };

export interface Dataset {
  readonly name: string;
  readonly exchange: 'NSE' | 'BSE';
  readonly description: string;
  /** The host its first request goes to (listings may follow links to another). */
  readonly host: ExchangeHost;
  /** The earliest date it is published for, if any. */
  readonly since?: string;
  readonly until?: string;
  readonly follow: FollowRule;
  /** The units a backfill of [from, to] fetches, oldest first. */
  units(from: string, to: string, io: DatasetIo): Promise<readonly SyncUnit[]>;
  /** The URLs a unit starts from, for `--dry-run`. */
  urls(unit: SyncUnit, io: DatasetIo): readonly string[];
  fetch(unit: SyncUnit, io: DatasetIo): Promise<UnitOutcome>;
}
