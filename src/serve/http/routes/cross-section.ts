import { Readable } from 'node:stream';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type CrossSectionParams, type CrossSectionPeriod, crossSection } from '../../../../projections/facts/cross-section.ts';
import {
  calendarQuarterOf,
  type CrossSectionQuery,
  CrossSectionQuerySchema,
  CrossSectionResponseSchema,
} from '../../../../schemas/api/cross-section.ts';
import { encodeCursor } from '../../../../schemas/api/params.ts';
import type { Fact } from '../../../../schemas/read-models/fact.ts';
import type { SqlExecutor } from '../../../platform/db/db.ts';
import { factValueType } from '../../../read/facts/fact-value-type.ts';
import { resolvedTimes } from '../company-route.ts';
import { envelope } from '../envelope.ts';
import { errorResponses } from '../error-responses.ts';
import { EXPORT_CONTENT_TYPES } from '../export/fact-export.ts';
import { factParquet } from '../export/fact-parquet.ts';
import type { RouteDeps } from '../route-deps.ts';

const DESCRIPTION = `Extension (docs/views.md): one concept for one period over every company that has it, as known at as_of: "every company's Q3 FY25 revenue as it was known on 1 Feb 2025". The period is a fiscal year (and quarter) as each company defines it, or calendar_quarter=YYYYQn for the periods ending in that calendar quarter, for companies on other fiscal calendars. A company that had not reported the figure by as_of is absent, never zero. view chooses which version of each fact: as_of (default), as_first_reported or latest. Rows are in company order (then basis, period type, period end), keyset-paged: pass meta.next_cursor as cursor for the next page, the same other parameters kept. Each row is the fact object /v1/financials returns. format=parquet sends every row from cursor on as one Parquet file instead, with the columns of GET /v1/financials/export's (docs/bulk.md).`;

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

/** What the query asks of `crossSection`, from its cursor on. */
function paramsOf(query: CrossSectionQuery): CrossSectionParams {
  return {
    concept: query.concept,
    ...crossSectionPeriodOf(query),
    basis: query.basis,
    view: query.view,
    asOf: query.as_of,
    recordedAsOf: query.recorded_as_of,
    limit: query.limit,
    after: query.cursor && { companyId: query.cursor[0], basis: query.cursor[1], periodType: query.cursor[2], periodEnd: query.cursor[3] },
  };
}

/** Every page of the cross-section from `params.after` on, read as the consumer takes them. */
async function* pagesFrom(db: SqlExecutor, params: CrossSectionParams): AsyncGenerator<Fact[], void, undefined> {
  let after = params.after;
  for (;;) {
    const page = await crossSection(db, { ...params, after });
    if (page.facts.length > 0) yield page.facts;
    if (!page.next) return;
    after = page.next;
  }
}

/** `GET /v1/cross-section`: one concept and period over every company, as known at `as_of`, as JSON pages or one Parquet file. */
export function crossSectionRoutes(deps: RouteDeps): FastifyPluginCallbackZod {
  return (app, _options, done) => {
    app.get(
      '/v1/cross-section',
      {
        schema: {
          summary: 'One concept for one period over every company, as of a point in time',
          description: DESCRIPTION,
          tags: ['financials'],
          querystring: CrossSectionQuerySchema,
          response: {
            200: {
              description: 'One page of the cross-section (json), or all of it from the cursor on (parquet)',
              content: {
                'application/json': { schema: CrossSectionResponseSchema },
                'application/vnd.apache.parquet': {
                  schema: z
                    .string()
                    .describe('An Apache Parquet file (binary): one row per fact, the columns of the financials export, typed'),
                },
              },
            },
            ...errorResponses(422, 503),
          },
        },
      },
      async (request, reply) => {
        const query = request.query;
        await deps.datasets.require('financials');
        const readAt = new Date().toISOString();
        const params = paramsOf(query);
        if (query.format === 'parquet') {
          // Parquet states the value column's type before its first row: decided over every version of the concept.
          const value = await factValueType(deps.db, { concepts: [query.concept] });
          const file = Readable.from(factParquet(pagesFrom(deps.db, params), value, { rowGroupRows: Math.max(query.limit, 1000) }));
          return reply.type(EXPORT_CONTENT_TYPES.parquet).send(file as never);
        }
        const page = await crossSection(deps.db, params);
        const next = page.next;
        return envelope(page.facts, {
          concept: query.concept,
          period: params.length,
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
    done();
  };
}
