/**
 * A valid NSE CM bhavcopy of a chosen size (the bundled day's rows repeated over successive
 * trading days, so every candle is its own), ingested by the ingest command: the memory a large
 * document costs end to end. Used by bench:big-file and bench:resilience's big-file part.
 */
import { execFile } from 'node:child_process';
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { BUNDLED_SAMPLE_DIR } from '#platform/config';

export const MiB = 1024 * 1024;
const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];

/** An exchange date (06-JAN-2021) `days` after the sample's day. */
function dayAfter(days: number): string {
  const date = new Date(Date.UTC(2021, 0, 6) + days * 86_400_000);
  return `${String(date.getUTCDate()).padStart(2, '0')}-${MONTHS[date.getUTCMonth()]}-${date.getUTCFullYear()}`;
}

/** Writes a bhavcopy of at most `bytes`: the sample day's rows, one trading day after another. */
async function writeBhavcopy(file: string, bytes: number): Promise<number> {
  const [header = '', ...rows] = (await readFile(path.join(BUNDLED_SAMPLE_DIR, 'prices', 'cm06JAN2021bhav.csv'), 'utf8'))
    .split('\n')
    .filter(Boolean);
  const out = createWriteStream(file);
  let written = 0;
  const write = async (line: string) => {
    written += Buffer.byteLength(line) + 1;
    if (!out.write(`${line}\n`)) await once(out, 'drain');
  };
  await write(header);
  for (let day = 0; ; day++) {
    for (const row of rows) {
      const line = row.replace('06-JAN-2021', dayAfter(day));
      if (written + line.length + 1 > bytes) {
        await new Promise<void>((resolve, reject) => out.end((error?: Error | null) => (error ? reject(error) : resolve())));
        return written;
      }
      await write(line);
    }
  }
}

export interface Measured {
  readonly peakMb: number;
  readonly seconds: number;
  readonly verdict: string;
}

function ingest(file: string, dataDir: string, heap: string | undefined): Promise<Measured> {
  const env = {
    ...process.env,
    DATA_DIR: dataDir,
    INGEST_SAMPLE: 'false',
    ...(heap ? { NODE_OPTIONS: `--max-old-space-size=${heap}` } : {}),
  };
  return new Promise((resolve, reject) => {
    execFile(
      '/usr/bin/time',
      ['-v', 'npm', 'run', '--silent', 'ingest', '--', file],
      { env, maxBuffer: 16 * MiB },
      (error, stdout, stderr) => {
        const peak = /Maximum resident set size \(kbytes\): (\d+)/.exec(stderr);
        const elapsed = /Elapsed \(wall clock\) time \(h:mm:ss or m:ss\): ([\d:.]+)/.exec(stderr);
        if (!peak || !elapsed) return reject(error ?? new Error(stderr.slice(-2_000)));
        const seconds = (elapsed[1] ?? '0').split(':').reduce((total, part) => total * 60 + Number(part), 0);
        const verdict = stdout.split('\n').find((line) => / files? in /.test(line)) ?? stdout.trim().split('\n').at(-1) ?? '';
        resolve({ peakMb: Math.round(Number(peak[1]) / 1024), seconds, verdict });
      },
    );
  });
}

/**
 * Ingests a bhavcopy of `mib` MiB with `npm run ingest` into a fresh DATA_DIR (embedded
 * PGlite), under `--max-old-space-size=heap` when given: its size and what the command took.
 */
export async function measureBigFile(mib: number, heap?: string): Promise<Measured & { readonly size: number }> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'big-file-'));
  try {
    const file = path.join(dir, 'cm01JAN2030bhav.csv');
    const size = await writeBhavcopy(file, mib * MiB);
    return { size, ...(await ingest(file, path.join(dir, 'data'), heap)) };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
