import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import type { CallToolResult } from '@modelcontextprotocol/client';
import { afterAll, beforeAll } from 'vitest';
import type { RateLimits } from '#serve/access/rate-limit-windows';
import { type ApiHarness, givenApi } from './api-harness.ts';
import type { TestDatabase } from './databases.ts';

/** The protocol eras a client can speak: the 2025 `initialize` handshake, or 2026-07-28. */
export const ERAS = ['legacy', 'modern'] as const;
export type Era = (typeof ERAS)[number];

export interface ConnectOptions {
  readonly era?: Era;
  /** The API key sent as `X-API-Key`; the harness key when absent, none when null. */
  readonly key?: string | null;
  /** `/mcp/` unless given. */
  readonly path?: '/mcp/' | '/mcp';
}

export interface McpHarness {
  readonly api: ApiHarness;
  /** The listening server's base address, e.g. http://127.0.0.1:41234. */
  readonly address: string;
  /** A connected SDK client over Streamable HTTP; closed when the suite ends. */
  connect(options?: ConnectOptions): Promise<Client>;
  /** Calls one tool with a fresh client of the given era (legacy by default). */
  call(name: string, args: Record<string, unknown>, options?: ConnectOptions): Promise<CallToolResult>;
}

/**
 * For a suite: the sample ingested and projected, the app listening on a free port, and
 * clients from the SDK itself connecting to it over Streamable HTTP, as agents do.
 */
export function givenMcp(database: TestDatabase, options: { limits?: RateLimits; now?: () => Date } = {}): McpHarness {
  const api = givenApi(database, options);
  let address: string | undefined;
  const clients: Client[] = [];
  beforeAll(async () => {
    address = await api.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await Promise.all(clients.map((client) => client.close()));
  });
  const started = () => {
    if (!address) throw new Error('the MCP harness is used before its suite started');
    return address;
  };
  const connect = async ({ era = 'legacy', key, path = '/mcp/' }: ConnectOptions = {}) => {
    const sent = key === undefined ? api.key : key;
    const client = new Client({ name: 'mcp-harness', version: '1.0.0' }, era === 'modern' ? { versionNegotiation: { mode: 'auto' } } : {});
    const transport = new StreamableHTTPClientTransport(new URL(path, started()), {
      requestInit: { headers: sent === null ? {} : { 'x-api-key': sent } },
    });
    await client.connect(transport);
    clients.push(client);
    return client;
  };
  return {
    api,
    get address() {
      return started();
    },
    connect,
    async call(name, args, connectOptions) {
      const client = await connect(connectOptions);
      try {
        return await client.callTool({ name, arguments: args });
      } finally {
        await client.close();
        clients.splice(clients.indexOf(client), 1);
      }
    },
  };
}

/** The text of a tool result's content blocks, joined. */
export const textOf = (result: CallToolResult): string =>
  result.content.map((block) => (block.type === 'text' ? block.text : '')).join('\n');
