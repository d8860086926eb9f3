import { z } from 'zod';

/** A base URL: http(s), no trailing slash kept (paths are appended to it). */
const baseUrl = (fallback: string, description: string) =>
  z
    .url({ protocol: /^https?$/ })
    .default(fallback)
    .transform((url) => url.replace(/\/+$/, ''))
    .describe(description);

/** Requests per second to one host: a positive decimal (0.5 is one request every two seconds). */
const rate = (fallback: number, description: string) => z.coerce.number().positive().max(100).default(fallback).describe(description);

/** The settings of the exchange connectors (docs/sync.md), part of the service's configuration. */
export const SyncSettings = {
  SYNC: z
    .enum(['on', 'off'])
    .default('off')
    .describe('on: `npm start` and `npm run start:worker` follow the exchanges on the schedule of docs/sync.md'),
  SYNC_DATASETS: z
    .string()
    .regex(/^[a-z0-9-]+(,[a-z0-9-]+)*$/, 'must be comma-separated dataset names (npm run sync -- status lists them)')
    .optional()
    .describe('The datasets SYNC=on follows; all by default'),
  NSE_WWW_URL: baseUrl('https://www.nseindia.com', "NSE's web site and its /api/ (results listings, announcements, corporate actions)"),
  NSE_ARCHIVES_URL: baseUrl('https://nsearchives.nseindia.com', "NSE's archives (bhavcopies, reference lists, XBRL filings)"),
  BSE_WWW_URL: baseUrl('https://www.bseindia.com', "BSE's web site (bhavcopies)"),
  BSE_API_URL: baseUrl('https://api.bseindia.com', "BSE's API (announcements, corporate actions, scrip master)"),
  SYNC_NSE_ARCHIVES_RPS: rate(2, 'Requests per second to the NSE archives'),
  SYNC_NSE_API_RPS: rate(3, "Requests per second to NSE's web site and API"),
  SYNC_BSE_RPS: rate(1, "Requests per second to each of BSE's hosts"),
  SYNC_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(600).default(30).describe('Longest one exchange request may take'),
};

type Settings = z.output<ReturnType<typeof z.object<typeof SyncSettings>>>;

/** The four hosts the connectors fetch from, by the names the settings give them. */
export type ExchangeHost = 'nse-www' | 'nse-archives' | 'bse-www' | 'bse-api';

export interface SyncConfig {
  /** Whether the long-running processes follow the exchanges themselves. */
  readonly follow: boolean;
  /** The datasets to follow; undefined for all. */
  readonly datasets: readonly string[] | undefined;
  readonly baseUrls: Readonly<Record<ExchangeHost, string>>;
  /** Requests per second per host. */
  readonly budgets: Readonly<Record<ExchangeHost, number>>;
  readonly timeoutMs: number;
}

export function syncConfigOf(c: Settings): SyncConfig {
  return {
    follow: c.SYNC === 'on',
    datasets: c.SYNC_DATASETS?.split(','),
    baseUrls: { 'nse-www': c.NSE_WWW_URL, 'nse-archives': c.NSE_ARCHIVES_URL, 'bse-www': c.BSE_WWW_URL, 'bse-api': c.BSE_API_URL },
    budgets: {
      'nse-www': c.SYNC_NSE_API_RPS,
      'nse-archives': c.SYNC_NSE_ARCHIVES_RPS,
      'bse-www': c.SYNC_BSE_RPS,
      'bse-api': c.SYNC_BSE_RPS,
    },
    timeoutMs: c.SYNC_TIMEOUT_SECONDS * 1000,
  };
}
