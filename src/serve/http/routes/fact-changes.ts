import { identityOfCompany } from '#projections/companies';
import { type FactChangePosition, listFactChanges, positionOfChange } from '#projections/facts';
import { type ChangesCursor, FactChangesQuerySchema, FactChangesResponseSchema, encodeCursor } from '#schemas/api';
import { envelope } from '../envelope.ts';
import { type GetRoute, getRoute } from '../get-route.ts';
import type { RouteDeps } from '../route-deps.ts';

const DESCRIPTION = `Extension (docs/views.md): what changed between two vintages. Every fact whose visible value at to differs from its visible value at from (a restatement, or a fact first reported in between), with the old value, the new one, and the filing that changed it (the fact's filing_id, source_url and known_at). A fact re-reported with the same value is not a change. Of one company (ticker) or, without it, of every company; in the order the changes became known, keyset-paged: pass meta.next_cursor as cursor, the other parameters kept.`;

/** The position a cursor names (`ChangesCursorSchema`'s order). */
const positionOfCursor = ([knownAt, companyId, periodEnd, concept, basis, periodType]: ChangesCursor): FactChangePosition => ({
  knownAt,
  companyId,
  periodEnd,
  concept,
  basis,
  periodType,
});

/** `GET /v1/financials/changes`: the facts whose visible value changed between two knowledge instants. */
export function factChangesRoute(deps: RouteDeps): GetRoute {
  return getRoute(
    {
      url: '/v1/financials/changes',
      summary: 'Facts whose visible value changed between two knowledge instants',
      description: DESCRIPTION,
      tags: ['financials'],
      querystring: FactChangesQuerySchema,
      response: FactChangesResponseSchema,
    },
    [404, 503],
    async (query) => {
      await deps.datasets.require('financials');
      const company = query.ticker === undefined ? undefined : await deps.companies.require(query.ticker, { asOf: query.to });
      const changes = await listFactChanges(deps.db, {
        from: query.from,
        to: query.to,
        companyId: company?.id,
        limit: query.limit,
        after: query.cursor && positionOfCursor(query.cursor),
      });
      const last = changes.at(-1);
      const next = changes.length === query.limit && last ? positionOfChange(last) : undefined;
      return envelope(changes, {
        ticker: query.ticker ?? null,
        company: company ? identityOfCompany(company) : null,
        from: query.from,
        to: query.to,
        count: changes.length,
        limit: query.limit,
        next_cursor: next ? encodeCursor([next.knownAt, next.companyId, next.periodEnd, next.concept, next.basis, next.periodType]) : null,
        dataset: 'financials',
      });
    },
  );
}
