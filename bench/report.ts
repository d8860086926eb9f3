import { readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import { fileURLToPath } from 'node:url';

export const REPORT = fileURLToPath(new URL('../docs/benchmarks.md', import.meta.url));

/** The machine a benchmark ran on, for its record. */
export function machine(): string {
  const cpu = os.cpus()[0]?.model.trim() ?? 'unknown CPU';
  return `${cpu}, ${os.cpus().length} cores, ${Math.round(os.totalmem() / 2 ** 30)} GiB RAM, ${os.type()} ${os.release()}, Node ${process.version}`;
}

/** The p-th percentile (nearest rank) of `values`. */
export function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

export const rate = (n: number, seconds: number) => Math.round(n / seconds).toLocaleString('en-US');

/** Replaces (or adds) one benchmark's section of docs/benchmarks.md, between its markers; `title` heads it (the name when absent). */
export async function recordSection(name: string, lines: readonly string[], title = name): Promise<void> {
  const section = [`<!-- ${name} -->`, `## ${title}`, '', ...lines, `<!-- /${name} -->`].join('\n');
  const existing = await readFile(REPORT, 'utf8').catch(
    () => '# Benchmarks\n\nResults of the `npm run bench:*` scripts, newest run of each.\n',
  );
  const pattern = new RegExp(`<!-- ${name} -->[\\s\\S]*<!-- /${name} -->`);
  const updated = pattern.test(existing) ? existing.replace(pattern, section) : `${existing.trimEnd()}\n\n${section}\n`;
  await writeFile(REPORT, updated);
}
