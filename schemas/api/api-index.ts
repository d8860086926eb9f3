import { z } from 'zod';
import { DatasetStatusSchema } from '#schemas/read-models';
import { envelope } from './envelope.ts';
import { SyncStatusSchema } from './sync-status.ts';

export const EndpointSchema = z.object({ method: z.string(), path: z.string(), summary: z.string().nullable() });

export const ApiIndexSchema = z.object({
  name: z.string(),
  description: z.string(),
  version: z.string(),
  principles: z.array(z.string()),
  authentication: z.string(),
  openapi: z.string().describe('Path of the OpenAPI 3.1 document'),
  docs: z.string().describe('Path of the interactive documentation'),
  explorer: z
    .string()
    .describe(
      "Path of the provenance explorer: a page drawing what was known when (restatements, as_of, ownership, prices, coverage) from this API with the user's key",
    ),
  mcp: z
    .object({
      url: z.string().describe('Path of the MCP tool server (Streamable HTTP); the same API keys apply'),
      tools: z.array(z.string()).describe('Its tools'),
    })
    .describe('The MCP tool server for agents'),
  endpoints: z.array(EndpointSchema),
  datasets: z.array(DatasetStatusSchema),
  sync: SyncStatusSchema.describe(
    "The exchange connectors (npm run sync, SYNC=on): each dataset followed or ever synced, with its last successful sync and lag behind its schedule; these are the connectors' dataset names, not the served datasets above",
  ),
});

export const ApiIndexResponseSchema = envelope(ApiIndexSchema, { count: z.number().int().describe('Datasets listed') }).meta({
  id: 'ApiIndexResponse',
});
