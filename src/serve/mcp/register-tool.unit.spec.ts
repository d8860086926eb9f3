import { Client, InMemoryTransport } from '@modelcontextprotocol/client';
import { McpServer } from '@modelcontextprotocol/server';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { NotFoundError } from '#platform/errors';
import { defineTool } from './define-tool.ts';
import type { McpDeps } from './mcp-deps.ts';
import { registerTool } from './register-tool.ts';
import { MAX_RESULT } from './result-budget.ts';

/** A tool whose run the test chooses, on a server linked in memory to a real client. */
async function givenTool(run: (input: { size: number }) => Promise<unknown>) {
  const logger = { error: vi.fn() };
  const tool = defineTool({
    name: 'search',
    title: 'A test tool',
    description: 'Returns what the test asks for.',
    input: z.object({ size: z.number().int().min(0).describe('How much to return') }),
    output: z.object({ text: z.string().describe('Some text') }),
    run: (input) => run(input) as Promise<{ text: string }>,
    render: (output) => `text of ${output.text.length} characters`,
  });
  const server = new McpServer({ name: 'test', version: '1' });
  registerTool(server, tool, { logger } as unknown as McpDeps);
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: 'test', version: '1' });
  await client.connect(clientSide);
  const call = (size: number) => client.callTool({ name: 'search', arguments: { size } });
  return { call, logger };
}

const textOf = (result: Awaited<ReturnType<Awaited<ReturnType<typeof givenTool>>['call']>>) =>
  result.content.map((block) => (block.type === 'text' ? block.text : '')).join('');

describe('registerTool', () => {
  it('returns the output parsed with its schema, without keys the schema does not describe, and the rendering', async () => {
    const { call } = await givenTool(async ({ size }) => ({ text: 'x'.repeat(size), internal: 'not advertised' }));
    const result = await call(3);
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent).toEqual({ text: 'xxx' });
    expect(textOf(result)).toBe('text of 3 characters');
  });

  it('refuses a result larger than one call may return, telling the model to ask for less', async () => {
    const { call } = await givenTool(async ({ size }) => ({ text: 'x'.repeat(size) }));
    expect((await call(MAX_RESULT - 200)).isError).toBeFalsy();
    const oversized = await call(MAX_RESULT);
    expect(oversized.isError).toBe(true);
    expect(oversized.structuredContent).toBeUndefined();
    expect(textOf(oversized)).toContain(`more than the ${MAX_RESULT} bytes one call returns. Ask for less`);
  });

  it("passes a catalogue error's message on as a tool error", async () => {
    const { call, logger } = await givenTool(async () => {
      throw new NotFoundError('no filing has that id; call search_filings');
    });
    const result = await call(1);
    expect(result).toMatchObject({ isError: true });
    expect(textOf(result)).toBe('no filing has that id; call search_filings');
    expect(logger.error).not.toHaveBeenCalled();
  });

  it('logs an unexpected failure and tells the model nothing about its internals', async () => {
    const { call, logger } = await givenTool(async () => {
      throw new Error('relation "rm_secret_v9" does not exist');
    });
    const result = await call(1);
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(/^search failed on the server and returned nothing; no conclusion should be drawn/);
    expect(textOf(result)).not.toMatch(/rm_secret/);
    expect(logger.error).toHaveBeenCalledWith(expect.objectContaining({ tool: 'search' }), 'tool failed');
  });
});
