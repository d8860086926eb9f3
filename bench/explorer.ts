// npm run bench:explorer [-- --rounds N]
// The explorer page as a user meets it after `npm start`: one standalone process on a fresh
// PGlite folder with the bundled sample, Debian's Chromium driven by playwright-core. Each
// round loads /explore afresh (key already given in the tab), searches ACC, chooses it and
// opens each view, timing each step until its content is drawn. Results go to
// docs/benchmarks.md beside the limit the issue set: a page load under one second.
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chromium, type Page } from 'playwright-core';
import { freePort, spawnScript, stopChild, waitForHttp } from './processes.ts';
import { machine, percentile, recordSection } from './report.ts';

const CHROMIUM = '/usr/bin/chromium';
const LOAD_LIMIT_MS = 1_000;
const log = (message: string) => process.stderr.write(`[bench:explorer] ${message}\n`);

const { values } = parseArgs({ options: { rounds: { type: 'string', default: '10' } } });
const rounds = Number(values.rounds);
if (!Number.isInteger(rounds) || rounds < 1 || rounds > 100) throw new Error('--rounds takes a whole number from 1 to 100');
if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is not present: apt-get install -y chromium`);

/** Waits until the service has ingested the sample and every projection has caught up. */
async function settled(base: string): Promise<void> {
  const deadline = Date.now() + 180_000;
  for (;;) {
    const health = (await (await fetch(`${base}/health`)).json()) as { status: string; projections: Array<{ lag: number }> };
    if (health.status === 'ok' && health.projections.every((p) => p.lag === 0)) return;
    if (Date.now() > deadline) throw new Error(`the service did not settle: ${JSON.stringify(health).slice(0, 500)}`);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
}

/** Milliseconds `step` takes. */
async function timed(step: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await step();
  return performance.now() - started;
}

type Step =
  'page load' | 'search and choose ACC' | 'financials as of' | 'restatements' | 'measure over time' | 'ownership' | 'prices' | 'coverage';

/** Opens a view by its button and waits for `drawn` to appear in it (the views' sections stay in the page, hidden). */
const view = (page: Page, name: string, id: string, drawn: string) => async () => {
  await page.getByRole('button', { name, exact: true }).click();
  await page.locator(`#view-${id} ${drawn}`).first().waitFor();
};

async function round(page: Page, base: string, n: number): Promise<Record<Step, number>> {
  const load = await timed(async () => {
    await page.goto(`${base}/explore?round=${n}#company`);
    await page.getByLabel('Company name, ticker or ISIN').waitFor();
  });
  const search = await timed(async () => {
    await page.getByLabel('Company name, ticker or ISIN').fill('ACC');
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByRole('button', { name: /^ACC Limited/ }).click();
    await page.getByRole('heading', { name: 'ACC Limited' }).waitFor();
  });
  return {
    'page load': load,
    'search and choose ACC': search,
    'financials as of': await timed(view(page, 'Financials as of', 'financials', 'td.value-a')),
    // Q3 FY25 revenue's versions, opened from its row as a user would.
    restatements: await timed(async () => {
      await page.locator(`tr[data-fact="Revenue|consolidated|quarterly|2024-12-31"]`).getByRole('button', { name: 'Versions' }).click();
      await page.locator('#view-timeline .uplot').waitFor();
    }),
    'measure over time': await timed(view(page, 'Measure over time', 'measure', '.uplot')),
    ownership: await timed(view(page, 'Ownership', 'ownership', '.uplot')),
    prices: await timed(view(page, 'Prices', 'prices', '.uplot')),
    coverage: await timed(view(page, 'Coverage', 'coverage', 'table')),
  };
}

const dataDir = await mkdtemp(path.join(os.tmpdir(), 'imd-bench-explorer-'));
const port = freePort();
const base = `http://127.0.0.1:${port}`;
log(`starting the service on ${dataDir} (first start: the sample is ingested)`);
const service = spawnScript('services/standalone/main.ts', [], { DATA_DIR: dataDir, PORT: String(port), DATABASE_URL: undefined }, 'pipe');
const results: Array<Record<Step, number>> = [];
try {
  await waitForHttp(`${base}/health`, 180_000);
  await settled(base);
  const key = (await readFile(path.join(dataDir, 'first-api-key'), 'utf8')).trim();
  const browser = await chromium.launch({ executablePath: CHROMIUM });
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(`${base}/explore`);
    await page.getByLabel('API key').fill(key);
    await page.getByRole('button', { name: 'Use key' }).click();
    for (let n = 1; n <= rounds; n++) {
      results.push(await round(page, base, n));
      log(`round ${n}: page load ${Math.round(results.at(-1)?.['page load'] ?? 0)} ms`);
    }
  } finally {
    await browser.close();
  }
} finally {
  await stopChild(service);
  await rm(dataDir, { recursive: true, force: true });
}

const steps = Object.keys(results[0] ?? {}) as Step[];
const rows = steps.map((step) => {
  const times = results.map((r) => r[step]);
  const limit = step === 'page load' ? `${LOAD_LIMIT_MS.toLocaleString('en-US')} ms` : '';
  return `| ${step} | ${Math.round(percentile(times, 50))} | ${Math.round(Math.max(...times))} | ${limit} |`;
});
const lines = [
  `Run ${new Date().toISOString().slice(0, 10)} on ${machine()}; Chromium ${(await chromiumVersion()) ?? 'unknown'}.`,
  '',
  `Command: \`npm run bench:explorer\`: \`npm start\`'s process (services/standalone) on a fresh PGlite folder with the bundled sample, settled; Chromium (playwright-core) on the same machine, one tab holding the key. Each of ${rounds} rounds loads \`/explore\` afresh and waits for the company search box (page load), searches ACC and chooses it until its identity history is drawn, then opens each view until its table or chart is drawn. Milliseconds, wall time from the click to the content.`,
  '',
  '| step | p50 ms | worst ms | limit |',
  '|---|---|---|---|',
  ...rows,
];
await recordSection('bench:explorer', lines);
console.log(lines.join('\n'));

async function chromiumVersion(): Promise<string | undefined> {
  const browser = await chromium.launch({ executablePath: CHROMIUM });
  try {
    return browser.version();
  } finally {
    await browser.close();
  }
}
