import { Readable } from 'node:stream';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type CrossSectionParams, crossSection, crossSectionJson, crossSectionPeriodOf } from '#projections/facts';
import { type CrossSectionQuery, CrossSectionQuerySchema, CrossSectionResponseSchema, encodeCursor } from '#schemas/api';
import type { FactConcept } from '#schemas/common';
import { type Metric, type MetricId, MetricSchema } from '#schemas/read-models';
import { columnsOfSchema, parquetChunks, type TypedColumn } from '#platform/parquet';
import { type MetricCrossSectionParams, metricCrossSection } from '#read/metric-queries';
import { factValueType } from '#read/facts';
import { resolvedTimes } from '../company-route.ts';
import { envelope } from '../envelope.ts';
import { envelopeOfJson, JSON_CONTENT_TYPE } from '#serve/response-cache';
import { errorResponses } from '../error-responses.ts';
import { EXPORT_CONTENT_TYPES } from '../export/fact-export.ts';
import { factParquet } from '../export/fact-parquet.ts';
import type { RouteDeps } from '../route-deps.ts';

const DESCRIPTION = `Extension (docs/views.md): one concept (or metric) for one period over every company that has it, as known at as_of: "every company's Q3 FY25 revenue as it was known on 1 Feb 2025". The period is a fiscal year (and quarter) as each company defines it, or calendar_quarter=YYYYQn for the periods ending in that calendar quarter, for companies on other fiscal calendars. A company that had not reported the figure by as_of is absent, never zero. view chooses which version of each fact: as_of (default), as_first_reported or latest. Rows are in company order (then basis, period type, period end), keyset-paged: pass meta.next_cursor as cursor for the next page, the same other parameters kept. Each row is the fact object /v1/financials returns. metric= instead of concept= gives one derived metric (as /v1/financial-metrics computes it from the facts of the view) for every company with a quarter or year of the period; a metric's page reads limit company periods, so it may hold fewer rows, and only a null next_cursor marks the last. format=parquet sends every row from cursor on as one Parquet file instead, with the columns of GET /v1/financials/export's (docs/bulk.md).`;

/** What the query asks of a cross-section, from its cursor on, but what is read and where it starts. */
const sharedParamsOf = (query: CrossSectionQuery) => ({
  ...crossSectionPeriodOf(query),
  basis: query.basis,
  view: query.view,
  asOf: query.as_of,
  recordedAsOf: query.recorded_as_of,
  limit: query.limit,
});

/** What a concept's query asks of `crossSection`, from its cursor on. */
function factParamsOf(query: CrossSectionQuery, concept: FactConcept): CrossSectionParams {
  const [companyId, basis, periodType, periodEnd] = query.cursor ?? [];
  const after = companyId && basis && periodType && periodEnd ? { companyId, basis, periodType, periodEnd } : undefined;
  return { concept, ...sharedParamsOf(query), after };
}

/** What a metric's query asks of `metricCrossSection`, from its cursor on. */
function metricParamsOf(query: CrossSectionQuery, metric: MetricId): MetricCrossSectionParams {
  const [companyId, basis, periodStart, periodEnd] = query.cursor ?? [];
  const after = companyId && basis && periodStart && periodEnd ? { companyId, basis, periodStart, periodEnd } : undefined;
  return { metric, ...sharedParamsOf(query), after };
}

/** Every page from `after` on, read as the consumer takes them. */
async function* pagesFrom<P extends { readonly after?: unknown }, R>(
  read: (params: P) => Promise<{ rows: R[]; next: P['after'] | undefined }>,
  params: P,
): AsyncGenerator<R[], void, undefined> {
  let after = params.after;
  for (;;) {
    const page = await read({ ...params, after });
    if (page.rows.length > 0) yield page.rows;
    if (!page.next) return;
    after = page.next;
  }
}

/** The columns of a metric in Parquet: its schema's, decimals as their exact text (a ratio's and an amount's scales differ). */
const METRIC_PARQUET_COLUMNS: TypedColumn<Metric>[] = columnsOfSchema<Metric>(MetricSchema).map((column) =>
  column.kind === 'decimal' ? { ...column, decimal: 'text' as const } : column,
);

/** `GET /v1/cross-section`: one concept and period over every company, as known at `as_of`, as JSON pages or one Parquet file. */
export function crossSectionRoutes(deps: RouteDeps): FastifyPluginCallbackZod {
  return (app, _options, done) => {
    app.get(
      '/v1/cross-section',
      {
        schema: {
          summary: 'One concept or metric for one period over every company, as of a point in time',
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
        const rowGroupRows = Math.max(query.limit, 1000);
        const meta = {
          concept: query.concept ?? null,
          metric: query.metric ?? null,
          period: crossSectionPeriodOf(query).length,
          fiscal_year: query.fiscal_year ?? null,
          fiscal_quarter: query.fiscal_quarter ?? null,
          calendar_quarter: query.calendar_quarter ?? null,
          basis: query.basis ?? null,
          ...resolvedTimes(query, readAt),
          limit: query.limit,
          dataset: 'financials',
        };
        if (query.metric !== undefined) {
          const params = metricParamsOf(query, query.metric);
          const read = async (p: MetricCrossSectionParams) => {
            const page = await metricCrossSection(deps.db, p);
            return { rows: page.metrics, next: page.next };
          };
          if (query.format === 'parquet') {
            const file = Readable.from(parquetChunks(METRIC_PARQUET_COLUMNS, pagesFrom(read, params), { rowGroupRows }));
            return reply.type(EXPORT_CONTENT_TYPES.parquet).send(file as never);
          }
          const page = await metricCrossSection(deps.db, params);
          const next = page.next;
          const cursor = next && encodeCursor([next.companyId, next.basis, next.periodStart, next.periodEnd]);
          return envelope(page.metrics, { ...meta, count: page.metrics.length, next_cursor: cursor ?? null });
        }
        // The query's checks leave a concept wherever there is no metric.
        const params = factParamsOf(query, query.concept ?? 'Revenue');
        const read = async (p: CrossSectionParams) => {
          const page = await crossSection(deps.db, p);
          return { rows: page.facts, next: page.next };
        };
        if (query.format === 'parquet') {
          // Parquet states the value column's type before its first row: decided over every version of the concept.
          const value = await factValueType(deps.db, { concepts: [params.concept] });
          const file = Readable.from(factParquet(pagesFrom(read, params), value, { rowGroupRows }));
          return reply.type(EXPORT_CONTENT_TYPES.parquet).send(file as never);
        }
        // The page as PostgreSQL writes it: the facts /v1/financials serialises, byte for byte.
        const page = await crossSectionJson(deps.db, params);
        const next = page.next;
        const cursor = next && encodeCursor([next.companyId, next.basis, next.periodType, next.periodEnd]);
        const body = envelopeOfJson(`[${page.json}]`, { ...meta, count: page.count, next_cursor: cursor ?? null });
        return reply.type(JSON_CONTENT_TYPE).send(body);
      },
    );
    done();
  };
}
