import { DEFAULT_NEGOTIATED_PROTOCOL_VERSION, SUPPORTED_PROTOCOL_VERSIONS } from '@modelcontextprotocol/server';

/**
 * The first MCP revision without JSON-RPC batching: 2025-03-26 added it, 2025-06-18 removed
 * it, and no revision since (2025-11-25, 2026-07-28) has it.
 */
export const BATCHING_REMOVED_IN = '2025-06-18';

/**
 * The revisions on which a POST may carry a JSON-RPC batch: those the SDK serves that predate
 * its removal. Versions are ISO dates, so they compare as text.
 */
export const BATCH_PROTOCOL_VERSIONS: readonly string[] = SUPPORTED_PROTOCOL_VERSIONS.filter((version) => version < BATCHING_REMOVED_IN);

/** Messages one batch may hold by default (`MCP_MAX_BATCH_MESSAGES`); the SDK's own ceiling is 100. */
export const DEFAULT_MAX_BATCH_MESSAGES = 20;
export const MAX_BATCH_MESSAGES_CEILING = 100;

/** What a POST body is, for counting and for the batch rules. */
export type BatchVerdict =
  /** One message, or a body the SDK answers itself (not JSON, an empty array): one request. */
  | { readonly kind: 'single' }
  /** A batch this endpoint serves: each of its messages counts as one request. */
  | { readonly kind: 'batch'; readonly messages: readonly unknown[] }
  /** A batch refused with a JSON-RPC invalid-request error; it counts as one request. */
  | { readonly kind: 'refused'; readonly message: string };

const SINGLE: BatchVerdict = { kind: 'single' };

const isInitialize = (message: unknown): boolean =>
  typeof message === 'object' && message !== null && (message as { method?: unknown }).method === 'initialize';

/**
 * The body as the SDK reads it (`Request.text()`: UTF-8, a leading BOM dropped), parsed only
 * when it is an array: a single message is left to the SDK to parse.
 */
function batchOf(body: Uint8Array): unknown[] | undefined {
  const text = new TextDecoder().decode(body);
  if (!text.trimStart().startsWith('[')) return undefined;
  try {
    const parsed: unknown = JSON.parse(text);
    return Array.isArray(parsed) ? parsed : undefined;
  } catch {
    return undefined; // the SDK answers the parse error
  }
}

/**
 * Decides on a POST body to the MCP endpoint. A JSON-RPC batch is served only on a revision
 * that has batching: the one named by `MCP-Protocol-Version`, or 2025-03-26 when the request
 * names none (what the SDK and the specification assume). It may not hold `initialize` (the
 * 2025-03-26 specification forbids it) nor more than `maxMessages` messages.
 */
export function batchVerdict(body: Uint8Array, protocolVersionHeader: string | undefined, maxMessages: number): BatchVerdict {
  const messages = batchOf(body);
  if (messages === undefined || messages.length === 0) return SINGLE;
  const version = protocolVersionHeader?.trim() || DEFAULT_NEGOTIATED_PROTOCOL_VERSION;
  if (!BATCH_PROTOCOL_VERSIONS.includes(version)) {
    return {
      kind: 'refused',
      message: `Invalid Request: JSON-RPC batches are not part of MCP protocol version ${version} (they were removed in ${BATCHING_REMOVED_IN}); send one message per request`,
    };
  }
  if (messages.some(isInitialize)) {
    return { kind: 'refused', message: 'Invalid Request: initialize must be sent on its own, not in a JSON-RPC batch' };
  }
  if (messages.length > maxMessages) {
    return {
      kind: 'refused',
      message: `Invalid Request: a JSON-RPC batch may hold at most ${maxMessages} messages here, and this one holds ${messages.length}; split it`,
    };
  }
  return { kind: 'batch', messages };
}

/** Requests a body counts as against the key's rate limit and allowance. */
export const requestsOf = (verdict: BatchVerdict): number => (verdict.kind === 'batch' ? verdict.messages.length : 1);

/** The JSON-RPC error the SDK answers a malformed request with (HTTP 400, code -32600, no id). */
export const invalidRequestBody = (message: string) => ({ jsonrpc: '2.0', error: { code: -32600, message }, id: null }) as const;
