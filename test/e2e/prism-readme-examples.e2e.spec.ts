import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { givenApi } from '../support/api-harness.ts';
import { pglite } from '../support/databases.ts';
import { REPO_ROOT } from '../support/parse-input.ts';
import { closedPort } from '../support/closed-port.ts';

const run = promisify(execFile);
const PRISM = path.join(REPO_ROOT, 'node_modules/.bin/prism');
/** Where the documents' examples send their requests. */
const DOCUMENTED_BASE = 'http://127.0.0.1:8000';
const DOCUMENTS = ['README.md', 'docs/api.md'];

/** The curl commands of a markdown text, each with its continuation lines joined. */
function curlCommands(markdown: string): string[] {
  return markdown
    .replace(/\\\n\s*/g, '')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line.startsWith('curl '));
}

/** Starts Prism in proxy mode in front of `upstream`, validating with the document the service serves. */
async function startPrism(upstream: string, port: number): Promise<ChildProcess> {
  const prism = spawn(
    PRISM,
    ['proxy', `${upstream}/v1/openapi.json`, upstream, '--errors', '--host', '127.0.0.1', '--port', String(port)],
    {
      cwd: REPO_ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`Prism did not start within 60 s:\n${output}`)), 60_000);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Prism is listening')) {
        clearTimeout(timer);
        resolve();
      }
    };
    prism.stdout.on('data', read);
    prism.stderr.on('data', read);
    prism.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`Prism exited with ${code} before listening:\n${output}`));
    });
  });
  return prism;
}

// Prism (@stoplight/prism-cli, a pinned dev dependency) is named here, and the suite skipped
// by that name, only where the package is not installed.
const describePrism = existsSync(PRISM) ? describe : describe.skip;
const suiteName = existsSync(PRISM)
  ? 'the curl examples of README.md and docs/api.md, through Prism in proxy mode with --errors'
  : 'the curl examples through Prism [skipped: @stoplight/prism-cli is not installed in node_modules]';

describePrism(suiteName, () => {
  const api = givenApi(pglite);
  let prism: ChildProcess | undefined;
  let base = '';
  let scratch = '';

  beforeAll(async () => {
    const upstream = (await api.app.listen({ port: 0, host: '127.0.0.1' })).replace('localhost', '127.0.0.1');
    const port = await closedPort();
    prism = await startPrism(upstream, port);
    base = `http://127.0.0.1:${port}`;
    scratch = await mkdtemp(path.join(tmpdir(), 'imd-prism-'));
  }, 120_000);
  afterAll(async () => {
    prism?.kill();
    if (scratch) await rm(scratch, { recursive: true, force: true });
  });

  it('each passes the document both ways: the request as the document takes it, the answer as it describes it', async () => {
    const commands = (await Promise.all(DOCUMENTS.map((file) => readFile(path.join(REPO_ROOT, file), 'utf8')))).flatMap(curlCommands);
    // The README's three: a fact as of a date alone, a search with a Bearer key, the streamed question.
    expect(commands.length).toBeGreaterThanOrEqual(3);
    for (const [index, command] of commands.entries()) {
      expect(command, 'an example sends its request to the documented address').toContain(DOCUMENTED_BASE);
      const body = path.join(scratch, `body-${index}`);
      const head = path.join(scratch, `head-${index}`);
      // The command as the reader would run it, against Prism, with the answer kept for the checks.
      const script = `${command.replaceAll(DOCUMENTED_BASE, base)} -s -o '${body}' -D '${head}' -w '%{http_code}'`;
      const { stdout: status } = await run('bash', ['-c', script], { env: { ...process.env, KEY: api.key }, timeout: 60_000 });
      const answer = await readFile(body, 'utf8');
      const headers = await readFile(head, 'utf8');
      expect(`${status} ${answer.slice(0, 600)}`, command).toMatch(/^200 /);
      expect(headers, command).not.toMatch(/^sl-violations:/im);
      expect(answer, command).not.toContain('stoplight.io/prism/errors');
    }
  });
});
