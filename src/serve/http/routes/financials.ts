import { listFacts } from '#projections/facts';
import { splitConcepts, FinancialsQuerySchema, FinancialsResponseSchema } from '#schemas/api';
import { companyMeta, companyRoute, resolvedTimes } from '../company-route.ts';
import { envelope } from '../envelope.ts';
import type { RouteDeps } from '../route-deps.ts';
import type { GetRoute } from '../get-route.ts';

/** `GET /v1/financials`: reported facts of one company as known at `as_of`, as recorded at `recorded_as_of`. */
export function financialsRoute(deps: RouteDeps): GetRoute {
  return companyRoute(deps, {
    url: '/v1/financials',
    summary: 'Reported facts as of a point in time',
    description:
      "One value per fact key (concept, basis, period): the version with the greatest known_at not after as_of. Newest period first. Extension: recorded_as_of=R answers from this service's own record at R (each filing as parsed then, before any later re-parse); see docs/api.md. Extension: view=as_of (default), as_first_reported or latest chooses which version of each fact (docs/views.md); meta states the as_of, recorded_as_of and view applied.",
    tags: ['financials'],
    querystring: FinancialsQuerySchema,
    response: FinancialsResponseSchema,
    dataset: 'financials',
    cacheable: true,
    answer: async (query, company) => {
      const concepts = query.concept === undefined ? undefined : splitConcepts(query.concept);
      const readAt = new Date().toISOString();
      const facts = await listFacts(deps.db, {
        companyId: company.id,
        concepts,
        period: query.period,
        basis: query.basis,
        asOf: query.as_of,
        recordedAsOf: query.recorded_as_of,
        view: query.view,
        limit: query.limit,
      });
      return envelope(facts, {
        ...companyMeta(query, company),
        period: query.period,
        basis: query.basis ?? null,
        ...resolvedTimes(query, readAt),
        concepts: concepts ?? null,
        count: facts.length,
        limit: query.limit,
        dataset: 'financials',
      });
    },
  });
}
