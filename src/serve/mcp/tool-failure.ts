import type { CallToolResult } from '@modelcontextprotocol/server';
import { AppError, DatasetUnavailableError, RunAbortedError } from '#platform/errors';
import type { ToolLogger } from './mcp-deps.ts';

const failure = (text: string): CallToolResult => ({ isError: true, content: [{ type: 'text', text }] });

/**
 * A failed call as a tool error the model can act on (not a protocol error): the
 * catalogue's message, which says what to do next; for anything unexpected a plain
 * statement that exposes nothing, with the error logged.
 */
export function toolFailure(tool: string, error: unknown, logger: ToolLogger): CallToolResult {
  if (error instanceof DatasetUnavailableError) {
    return failure(`${error.message}. Call list_datasets for what is available; this is not evidence that the data does not exist.`);
  }
  if (error instanceof AppError) return failure(error.message);
  if (error instanceof RunAbortedError) return failure(`${tool} was cancelled before it finished; nothing was concluded.`);
  logger.error({ err: error, tool }, 'tool failed');
  return failure(
    `${tool} failed on the server and returned nothing; no conclusion should be drawn from this call. Try again, or narrow the request.`,
  );
}

/** A result too large for one call, whatever the tool: the model is told to ask for less. */
export function oversizedResult(tool: string, size: number, max: number): CallToolResult {
  return failure(
    `${tool} produced ${size} bytes, more than the ${max} bytes one call returns. Ask for less: a smaller limit, a narrower period, fewer concepts, or the next page.`,
  );
}
