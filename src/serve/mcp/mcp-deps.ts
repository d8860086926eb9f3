import type { CompanyResolver } from '#read/identity';
import type { DatasetGate, DatasetIndex } from '#read/datasets';
import type { Database } from '#platform/db';
import type { QueryEngine } from '#read/query';
import type { ResponseCache } from '#serve/response-cache';

/** Where a tool's unexpected failure is reported; pino and Fastify loggers fit. */
export interface ToolLogger {
  error(details: object, message: string): void;
}

/** What the tools read through: the same projections, gates and engine as the HTTP routes. */
export interface McpDeps {
  readonly db: Database;
  readonly datasets: DatasetGate;
  readonly datasetIndex: DatasetIndex;
  readonly companies: CompanyResolver;
  readonly queryEngine: QueryEngine;
  readonly logger: ToolLogger;
  /** The HTTP app's response cache, when it has one: tools whose answers are dear remember them in it. */
  readonly responses?: ResponseCache | undefined;
}
