// src/serve/mcp: what other modules use of it, and the only file they import (docs/architecture.md "Modules").
export { buildMcpServer } from './build-mcp-server.ts';
export { batchVerdict, type BatchVerdict, DEFAULT_MAX_BATCH_MESSAGES, invalidRequestBody, requestsOf } from './json-rpc-batch.ts';
export type { McpDeps } from './mcp-deps.ts';
