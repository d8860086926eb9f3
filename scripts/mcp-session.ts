// npm run -s mcp:session -- [--url URL] [--key KEY] [--era legacy|modern]: connects to the MCP
// endpoint with the SDK's own client and runs a short session, printing each call and the
// text it returns. The key defaults to IMD_API_KEY, else the one npm start wrote to
// <DATA_DIR>/first-api-key.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { FIRST_KEY_FILE } from '#serve/access';
import { connectionFailureReason } from '#platform/db';

const { values } = parseArgs({
  options: {
    url: { type: 'string', default: `http://127.0.0.1:${process.env.PORT ?? '8000'}/mcp/` },
    key: { type: 'string' },
    era: { type: 'string', default: 'modern' },
  },
});

/** A reason this session cannot run, said in one line instead of a stack trace. */
class CannotRun extends Error {}

/** The key: --key, else IMD_API_KEY, else the file npm start wrote on its first start. */
async function apiKey(): Promise<string> {
  const given = values.key ?? process.env.IMD_API_KEY;
  if (given) return given;
  const file = join(process.env.DATA_DIR ?? './data', FIRST_KEY_FILE);
  try {
    return (await readFile(file, 'utf8')).trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    throw new CannotRun(
      `no API key: ${file} does not exist (npm start writes it on its first start on the embedded database); pass --key KEY or set IMD_API_KEY`,
    );
  }
}

async function connect(client: Client, key: string): Promise<void> {
  try {
    await client.connect(new StreamableHTTPClientTransport(new URL(values.url), { requestInit: { headers: { 'x-api-key': key } } }));
  } catch (error) {
    const reason = connectionFailureReason(error);
    if (reason === undefined) throw error;
    throw new CannotRun(
      `cannot reach the MCP endpoint at ${values.url}: ${reason}. Is the service running? Start it with npm start, or pass --url`,
    );
  }
}

// Each step is what an agent following the routing rules would call.
const SESSION: [string, Record<string, unknown>][] = [
  ['search', { query: 'ACC', kinds: ['company'], limit: 3 }],
  ['get_company', { company: 'Reliance Industries' }],
  [
    'get_financials',
    { company: 'ACC', concepts: ['Revenue', 'net_margin'], period: 'quarterly', fiscal_year: 2025, fiscal_quarter: 3, as_of: '2025-01-29' },
  ],
  ['get_financials', { company: 'ACC', concepts: ['Revenue', 'net_margin'], period: 'quarterly', fiscal_year: 2025, fiscal_quarter: 3 }],
  ['get_fact_provenance', { company: 'ACC', concept: 'Revenue', period_end: '2024-12-31', period_type: 'quarterly' }],
  ['list_datasets', {}],
];

async function runSession(): Promise<void> {
  const key = await apiKey();
  const client = new Client(
    { name: 'mcp-session', version: '0.1.0' },
    values.era === 'legacy' ? {} : { versionNegotiation: { mode: 'auto' } },
  );
  await connect(client, key);
  const server = client.getServerVersion();
  console.log(`connected to ${server?.name} ${server?.version} at ${values.url}, protocol ${client.getNegotiatedProtocolVersion()}`);
  const { tools } = await client.listTools();
  console.log(`${tools.length} tools: ${tools.map((tool) => tool.name).join(', ')}\n`);
  for (const [name, args] of SESSION) {
    const result = await client.callTool({ name, arguments: args });
    const text = result.content.map((block) => (block.type === 'text' ? block.text : `[${block.type}]`)).join('\n');
    console.log(`→ ${name} ${JSON.stringify(args)}${result.isError ? '  (tool error)' : ''}`);
    console.log(`${text.replace(/^/gm, '  ')}\n`);
  }
  await client.close();
}

try {
  await runSession();
} catch (error) {
  // Anything else the endpoint answers (a refused key, a 5xx) is said in its own words, on one line.
  const message = error instanceof CannotRun ? error.message : (error instanceof Error ? error.message : String(error)).split('\n')[0];
  console.error(`npm run mcp:session: ${message}`);
  process.exitCode = 1;
}
