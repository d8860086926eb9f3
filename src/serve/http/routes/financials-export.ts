import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { splitConcepts, FinancialsExportQuerySchema, UnknownTickersSchema, splitTickers } from '#schemas/api';
import { FactSchema } from '#schemas/read-models';
import { withStatementTimeout } from '#platform/db';
import { factValueType } from '#read/facts';
import { requireCompanies } from '#read/identity';
import { errorResponses } from '../error-responses.ts';
import { EXPORT_CONTENT_TYPES, factExportStream } from '../export/fact-export.ts';
import { FACT_CSV_COLUMNS } from '../export/fact-csv.ts';
import type { RouteDeps } from '../route-deps.ts';

export interface ExportLimits {
  /** Facts per statement: the most one page holds in memory. */
  readonly pageSize: number;
  /** The longest one statement of an export may run on a server, in milliseconds. */
  readonly statementTimeoutMs: number;
  /**
   * Companies read at once on a server, the one being sent included: each holds a pooled
   * connection only while its statement runs. PGlite has one connection, so there it is 1.
   */
  readonly companiesAhead: number;
  /** Facts per Parquet row group: the most a Parquet export holds before sending them (10,000 when absent). */
  readonly parquetRowGroupRows?: number | undefined;
}

export const DEFAULT_EXPORT_LIMITS: ExportLimits = {
  pageSize: 2000,
  statementTimeoutMs: 15_000,
  companiesAhead: 3,
  parquetRowGroupRows: 10_000,
};

const DESCRIPTION = `Extension (docs/bulk.md): every fact of up to 500 companies as known at as_of, streamed without paging. Each NDJSON line is the fact object /v1/financials returns for the same company and parameters, field for field, in the same order (companies in the order of tickers; per company newest period first); CSV has a header row and one column per field, nested fields named by their path (${FACT_CSV_COLUMNS.map((c) => c.name).join(', ')}); null is an empty field, the empty string "". Parquet (format=parquet, application/vnd.apache.parquet) has the same rows and columns in the same order, typed: value an exact DECIMAL(p, s), p and s the most digits any version of the named companies' facts needs (the decimal text past 38 digits), never a float; period.start and period.end DATE; known_at and recorded_at TIMESTAMP (UTC, milliseconds); integers INT64; the rest text; null is null. Row groups of up to 10,000 facts are sent as they fill and the footer last, so a cut transfer is not a readable file. period, basis, concept, as_of and recorded_as_of mean what they mean on /v1/financials. A reference that names no company makes the whole request a 404 listing each such reference. A complete response ends with the last chunk of its chunked encoding; a failure after the first bytes cuts the transfer instead.`;

const UNKNOWN = (unknown: readonly string[]) =>
  `${unknown.length} of the tickers name no company: ${unknown
    .slice(0, 5)
    .map((t) => `'${t}'`)
    .join(', ')}${unknown.length > 5 ? ', …' : ''}; unknown_tickers lists each. Use POST /v1/search to find a company by name`;

/** `GET /v1/financials/export`: the facts of many companies as of a point in time, as NDJSON, CSV or Parquet. */
export function financialsExportRoutes(deps: RouteDeps, limits: ExportLimits = DEFAULT_EXPORT_LIMITS): FastifyPluginCallbackZod {
  const db = withStatementTimeout(deps.db, limits.statementTimeoutMs);
  return (app, _options, done) => {
    app.get(
      '/v1/financials/export',
      {
        schema: {
          summary: 'Facts of many companies as of a point in time, streamed as NDJSON, CSV or Parquet',
          description: DESCRIPTION,
          tags: ['financials'],
          querystring: FinancialsExportQuerySchema,
          response: {
            200: {
              description: 'The facts, streamed',
              content: {
                'application/x-ndjson': { schema: FactSchema.describe('One line: a fact as /v1/financials returns it') },
                'text/csv': { schema: z.string().describe('RFC 4180 with CRLF line ends: a header row, then one fact per row') },
                'application/vnd.apache.parquet': {
                  schema: z.string().describe('An Apache Parquet file (binary): one row per fact, the columns of the CSV, typed'),
                },
              },
            },
            ...errorResponses(422, 503),
            404: UnknownTickersSchema,
          },
        },
      },
      async (request, reply) => {
        const query = request.query;
        await deps.datasets.require('financials');
        const resolved = await requireCompanies(deps.companies, splitTickers(query.tickers), { asOf: query.as_of });
        if (!resolved.ok) return reply.status(404).send({ detail: UNKNOWN(resolved.unknown), unknown_tickers: [...resolved.unknown] });
        const companyIds = resolved.companies.map((company) => company.id);
        const concepts = query.concept === undefined ? undefined : splitConcepts(query.concept);
        // Parquet states a column's type before its first row: decided here, before the first byte.
        const parquetValue = query.format === 'parquet' ? await factValueType(db, { companyIds, concepts }) : undefined;
        const stream = factExportStream(db, {
          companyIds,
          parquetValue,
          selection: {
            concepts,
            period: query.period,
            basis: query.basis,
            asOf: query.as_of,
            recordedAsOf: query.recorded_as_of,
          },
          format: query.format,
          pageSize: limits.pageSize,
          companiesAhead: deps.db.kind === 'pglite' ? 1 : limits.companiesAhead,
          parquetRowGroupRows: limits.parquetRowGroupRows,
        });
        // The type provider types a reply by its documented bodies; a stream goes out as its bytes.
        return reply.type(EXPORT_CONTENT_TYPES[query.format]).send(stream as never);
      },
    );
    done();
  };
}
