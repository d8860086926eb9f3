/**
 * A valid NSE CM bhavcopy of a chosen size (the bundled day's rows repeated over successive
 * trading days, so every candle is its own), ingested by the ingest command: the memory a large
 * document costs end to end. Used by bench:big-file and bench:resilience's big-file part.
 */
import { execFile } from 'node:child_process';
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { bigBhavcopyLines } from '../test/support/big-bhavcopy.ts';

export const MiB = 1024 * 1024;
/** Writes a bhavcopy of at most `bytes` (bigBhavcopyLines): its size. */
async function writeBhavcopy(file: string, bytes: number): Promise<number> {
  const out = createWriteStream(file);
  let written = 0;
  for (const line of bigBhavcopyLines(bytes)) {
    written += Buffer.byteLength(line);
    if (!out.write(line)) await once(out, 'drain');
  }
  await new Promise<void>((resolve, reject) => out.end((error?: Error | null) => (error ? reject(error) : resolve())));
  return written;
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
