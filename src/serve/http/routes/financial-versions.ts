import { listFactVersions } from '#projections/facts';
import type { ReportedConcept } from '#schemas/common';
import { FactVersionsQuerySchema, FactVersionsResponseSchema } from '#schemas/api';
import type { FactVersionChain } from '#schemas/read-models';
import { chainVersion, factVersionChains } from '#read/provenance';
import { companyMeta, companyRoute } from '../company-route.ts';
import { envelope } from '../envelope.ts';
import type { RouteDeps } from '../route-deps.ts';
import type { GetRoute } from '../get-route.ts';

/**
 * `GET /v1/financials/versions`: the version chain of one reported fact, the REST form of
 * the MCP tool get_fact_provenance (the same query and chains).
 */
export function financialVersionsRoute(deps: RouteDeps): GetRoute {
  return companyRoute(deps, {
    url: '/v1/financials/versions',
    summary: 'Version chain of one reported fact: its sources and restatements',
    description: [
      'Every filing that stated one fact (company, concept, basis, period end; one chain per period type), oldest first:',
      'value, unit, scale, decimals, element, filing, source URL, known_at (dissemination), recorded_at (this service), parser version,',
      'when it was superseded, and what changed from the version before. as_of hides what was not knowable then;',
      "recorded_as_of answers from this service's own record at that instant (each filing as parsed then). Extension; see docs/api.md.",
    ].join(' '),
    tags: ['financials'],
    querystring: FactVersionsQuerySchema,
    response: FactVersionsResponseSchema,
    dataset: 'financials',
    answer: async (query, company) => {
      const concept = query.concept.trim() as ReportedConcept;
      const versions = await listFactVersions(deps.db, {
        companyId: company.id,
        concept,
        basis: query.basis,
        periodEnd: query.period_end,
        periodType: query.period_type,
        asOf: query.as_of,
        recordedAsOf: query.recorded_as_of,
      });
      const chains: FactVersionChain[] = factVersionChains(versions).map((chain) => ({
        period: chain.period,
        versions: chain.versions.map(chainVersion),
        current: chainVersion(chain.current),
      }));
      return envelope(chains, {
        ...companyMeta(query, company),
        concept,
        basis: query.basis,
        period_end: query.period_end,
        period_type: query.period_type ?? null,
        as_of: query.as_of ?? null,
        recorded_as_of: query.recorded_as_of ?? null,
        count: chains.length,
        dataset: 'financials',
      });
    },
  });
}
