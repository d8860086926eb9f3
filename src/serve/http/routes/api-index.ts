import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { ApiIndexResponseSchema, type SyncHealth, type SyncStatus } from '#schemas/api';
import { MCP_TOOL_NAMES } from '#schemas/mcp';
import { envelope } from '../envelope.ts';
import { publicErrorResponses } from '../error-responses.ts';
import type { RouteDeps } from '../route-deps.ts';

export const API_VERSION = '0.1.0';

const PRINCIPLES = [
  'Every fact carries company identity, period, basis, unit, scale, source URL and known_at; keep them with any claim.',
  'as_of=T restricts results to what was knowable at T: later filings and restatements are excluded.',
  'A missing metric is an unavailable input (null with a reason), never zero.',
  'An empty result does not prove that an event did not occur: check dataset availability here.',
  'Insider activity is served as disclosure documents, not as parsed trades.',
  'Data only: no advice, no recommendations, no order execution.',
];

/** How a client authenticates and gets its first key, as docs/auth.md tells it. */
const AUTHENTICATION = [
  'Send an API key in X-API-Key, or as Authorization: Bearer <key>.',
  '`npm start` on its embedded database writes the first key (scopes read and admin) to <DATA_DIR>/first-api-key (./data/first-api-key by default).',
  'On a PostgreSQL server, or with the service stopped, `npm run -s keys -- create --name NAME --scopes read,admin` prints one.',
  'With an admin key, POST /v1/keys issues more (docs/auth.md).',
].join(' ');

/** `GET /v1/`: what the API is, its endpoints, and each dataset's availability, size and freshness. */
export interface Endpoint {
  readonly method: string;
  readonly path: string;
  readonly summary: string | null;
}

/** Collects the app's `/v1/` routes as they are registered (an `onRoute` hook on the root). */
export function collectEndpoints(endpoints: Endpoint[]) {
  return (route: { url: string; method: string | string[]; schema?: unknown }) => {
    if (!route.url.startsWith('/v1/')) return;
    for (const method of [route.method].flat()) {
      if (method === 'HEAD') continue;
      endpoints.push({ method, path: route.url, summary: (route.schema as { summary?: string } | undefined)?.summary ?? null });
    }
  };
}

/** /health's words for the connectors' standing, in /v1/'s (snake_case). */
export const syncStatusOf = (health: SyncHealth): SyncStatus => ({
  following: health.following,
  datasets: health.datasets.map((d) => ({
    dataset: d.dataset,
    last_success: d.lastSuccess,
    last_unit: d.lastUnit,
    next_due: d.nextDue,
    lag_seconds: d.lagSeconds,
    failing: d.failing,
    last_error: d.lastError,
  })),
});

export function apiIndexRoutes(
  { datasetIndex }: RouteDeps,
  endpoints: readonly Endpoint[],
  /** Where the exchange connectors stand, asked at most once a second (the route is public). */
  syncStatus: () => Promise<SyncHealth>,
): FastifyPluginCallbackZod {
  return (app, _options, done) => {
    app.get(
      '/v1/',
      {
        schema: {
          summary: 'What this API is, its endpoints and datasets',
          tags: ['index'],
          security: [],
          response: { 200: ApiIndexResponseSchema, ...publicErrorResponses() },
        },
      },
      async () => {
        // Counted once per projection change, not per request (docs/api.md): the route is public.
        const datasets = await datasetIndex.describe();
        const sync = syncStatusOf(await syncStatus());
        return envelope(
          {
            name: 'Indian listed companies data service',
            description:
              'Point-in-time, source-linked data on Indian listed companies: company master, instruments, prices, reported financial facts, derived metrics, shareholding, filings, corporate actions and disclosures, with search and a structured research query.',
            version: API_VERSION,
            principles: PRINCIPLES,
            authentication: AUTHENTICATION,
            openapi: '/v1/openapi.json',
            docs: '/docs',
            explorer: '/explore',
            mcp: { url: '/mcp/', tools: [...MCP_TOOL_NAMES] },
            endpoints: [...endpoints].sort((a, b) => a.path.localeCompare(b.path) || a.method.localeCompare(b.method)),
            datasets,
            sync,
          },
          { count: datasets.length },
        );
      },
    );
    done();
  };
}
