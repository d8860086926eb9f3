import { listShareholding } from '#projections/shareholding';
import { ShareholdingQuerySchema, ShareholdingResponseSchema } from '#schemas/api';
import { companyMeta, companyRoute } from '../company-route.ts';
import { envelope } from '../envelope.ts';
import type { RouteDeps } from '../route-deps.ts';
import type { GetRoute } from '../get-route.ts';

/** `GET /v1/shareholding`: ownership snapshots, newest period first. */
export function shareholdingRoute(deps: RouteDeps): GetRoute {
  return companyRoute(deps, {
    url: '/v1/shareholding',
    summary: 'Ownership snapshots, newest first',
    description: 'One snapshot per period end: of several filings for one period (a re-fetched or revised pattern), the one known latest.',
    tags: ['ownership'],
    querystring: ShareholdingQuerySchema,
    response: ShareholdingResponseSchema,
    dataset: 'shareholding',
    answer: async (query, company) => {
      const snapshots = await listShareholding(deps.db, {
        companyId: company.id,
        periodEnd: query.period_end,
        holders: query.holders,
        limit: query.limit,
      });
      return envelope(snapshots, {
        ...companyMeta(query, company),
        period_end: query.period_end ?? null,
        holders: query.holders,
        count: snapshots.length,
        limit: query.limit,
        dataset: 'shareholding',
      });
    },
  });
}
