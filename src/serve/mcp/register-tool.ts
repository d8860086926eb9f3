import type { CallToolResult, McpServer } from '@modelcontextprotocol/server';
import { compactOutputSchema } from './compact-output-schema.ts';
import type { McpTool } from './define-tool.ts';
import { withListedSchema } from './listed-schema.ts';
import type { McpDeps } from './mcp-deps.ts';
import { clipText, jsonLength, MAX_RESULT } from './result-budget.ts';
import { portableJsonSchema } from './portable-json-schema.ts';
import { oversizedResult, toolFailure } from './tool-failure.ts';

/** Every tool only reads the service's own store: no side effects, the same answer twice. */
const READ_ONLY = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false } as const;

/**
 * Registers a tool on a server. The SDK validates the input against the tool's schema
 * (an invalid input is a tool error naming the fields); the output is parsed with the
 * output schema, so structuredContent holds exactly what the advertised schema describes.
 */
export function registerTool(server: McpServer, tool: McpTool, deps: McpDeps): void {
  server.registerTool(
    tool.name,
    {
      title: tool.title,
      description: tool.description,
      inputSchema: withListedSchema(tool.input, portableJsonSchema),
      outputSchema: withListedSchema(tool.output, compactOutputSchema),
      annotations: { title: tool.title, ...READ_ONLY },
    },
    async (input, ctx): Promise<CallToolResult> => {
      try {
        if (tool.dataset !== undefined) await deps.datasets.require(tool.dataset);
        const output = tool.output.parse(await tool.run(input, { deps, signal: ctx.mcpReq.signal }));
        const result = { structuredContent: output, content: [{ type: 'text' as const, text: clipText(tool.render(output)) }] };
        const size = jsonLength(result);
        return size > MAX_RESULT ? oversizedResult(tool.name, size, MAX_RESULT) : result;
      } catch (error) {
        return toolFailure(tool.name, error, deps.logger);
      }
    },
  );
}
