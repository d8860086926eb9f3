import { type CrossSectionPeriod, crossSection } from '../../../../projections/facts/cross-section.ts';
import {
  calendarQuarterOf,
  CrossSectionQuerySchema,
  CrossSectionResponseSchema,
  type CrossSectionQuery,
} from '../../../../schemas/api/cross-section.ts';
import { encodeCursor } from '../../../../schemas/api/params.ts';
import type { Basis } from '../../../../schemas/common/primitives.ts';
import { resolvedTimes } from '../company-route.ts';
import { envelope } from '../envelope.ts';
import { type GetRoute, getRoute } from '../get-route.ts';
import type { RouteDeps } from '../route-deps.ts';

const DESCRIPTION = `Extension (docs/views.md): one concept for one period over every company that has it, as known at as_of: "every company's Q3 FY25 revenue as it was known on 1 Feb 2025". The period is a fiscal year (and quarter) as each company defines it, or calendar_quarter=YYYYQn for the periods ending in that calendar quarter, for companies on other fiscal calendars. A company that had not reported the figure by as_of is absent, never zero. view chooses which version of each fact: as_of (default), as_first_reported or latest. Rows are in company order (then basis, period type, period end), keyset-paged: pass meta.next_cursor as cursor for the next page, the same other parameters kept. Each row is the fact object /v1/financials returns.`;

/** The period the query names. */
export function crossSectionPeriodOf(query: CrossSectionQuery): { length: 'quarterly' | 'annual'; period: CrossSectionPeriod } {
  const quarterGiven = query.fiscal_quarter !== undefined || query.calendar_quarter !== undefined;
  const length = query.period ?? (quarterGiven ? 'quarterly' : 'annual');
  const period: CrossSectionPeriod =
    query.calendar_quarter === undefined
      ? { kind: 'fiscal', fiscalYear: query.fiscal_year ?? 0, fiscalQuarter: query.fiscal_quarter }
      : { kind: 'calendar', ...calendarQuarterOf(query.calendar_quarter) };
  return { length, period };
}

/** `GET /v1/cross-section`: one concept and period over every company, as known at `as_of`. */
export function crossSectionRoute(deps: RouteDeps): GetRoute {
  return getRoute(
    {
      url: '/v1/cross-section',
      summary: 'One concept for one period over every company, as of a point in time',
      description: DESCRIPTION,
      tags: ['financials'],
      querystring: CrossSectionQuerySchema,
      response: CrossSectionResponseSchema,
    },
    [503],
    async (query) => {
      await deps.datasets.require('financials');
      const readAt = new Date().toISOString();
      const { length, period } = crossSectionPeriodOf(query);
      const [companyId, basis, periodType, periodEnd] = query.cursor ?? [];
      const page = await crossSection(deps.db, {
        concept: query.concept,
        length,
        period,
        basis: query.basis,
        view: query.view,
        asOf: query.as_of,
        recordedAsOf: query.recorded_as_of,
        limit: query.limit,
        after:
          companyId === undefined
            ? undefined
            : { companyId, basis: basis as Basis, periodType: periodType ?? '', periodEnd: periodEnd ?? '' },
      });
      const next = page.next;
      return envelope(page.facts, {
        concept: query.concept,
        period: length,
        fiscal_year: query.fiscal_year ?? null,
        fiscal_quarter: query.fiscal_quarter ?? null,
        calendar_quarter: query.calendar_quarter ?? null,
        basis: query.basis ?? null,
        ...resolvedTimes(query, readAt),
        count: page.facts.length,
        limit: query.limit,
        next_cursor: next ? encodeCursor([next.companyId, next.basis, next.periodType, next.periodEnd]) : null,
        dataset: 'financials',
      });
    },
  );
}
