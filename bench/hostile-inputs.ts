import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { mkdir, readFile, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { zipSync } from 'fflate';
import { BUNDLED_SAMPLE_DIR } from '#platform/config';

const MiB = 1024 * 1024;

/** One input the ingest command is given, and what it stands for. */
export interface HostileInput {
  readonly label: string;
  readonly path: string;
}

/** Writes `bytes` of content made by `chunk` (called per MiB) to a file, streaming. */
async function writeSized(file: string, bytes: number, chunk: (n: number) => Buffer): Promise<void> {
  const out = createWriteStream(file);
  for (let written = 0; written < bytes; written += MiB) {
    const piece = chunk(Math.min(MiB, bytes - written));
    if (!out.write(piece)) await once(out, 'drain');
  }
  await new Promise<void>((resolve, reject) => out.end((error?: Error | null) => (error ? reject(error) : resolve())));
}

/**
 * The inputs of the attack, at full size, in `dir`: an empty folder (what the command
 * costs with nothing to read), a 1 MB zip expanding to 1 GiB, a 200 MB file in the bhavcopy
 * format (the sample's rows repeated), 200 MB of random bytes, and a folder holding only a
 * link to a file outside it.
 */
export async function writeHostileInputs(dir: string): Promise<HostileInput[]> {
  const empty = path.join(dir, 'empty');
  await mkdir(empty, { recursive: true });

  const bomb = path.join(dir, 'bomb.zip');
  await writeFile(bomb, zipSync({ 'zeros.csv': new Uint8Array(1024 * MiB) }, { level: 9 }));

  const bhavcopy = (await readFile(path.join(BUNDLED_SAMPLE_DIR, 'prices', 'cm06JAN2021bhav.csv'), 'utf8')).split('\n');
  const header = `${bhavcopy[0] ?? ''}\n`;
  const rows = Buffer.from(`${bhavcopy.slice(1).filter(Boolean).join('\n')}\n`);
  const large = path.join(dir, 'cm01JAN2030bhav.csv');
  let first = true;
  await writeSized(large, 200 * 1000 * 1000, (n) => {
    const head = first ? Buffer.from(header) : Buffer.alloc(0);
    first = false;
    const body = Buffer.alloc(n - head.length);
    for (let at = 0; at < body.length; at += rows.length) rows.copy(body, at, 0, Math.min(rows.length, body.length - at));
    return Buffer.concat([head, body]);
  });

  const random = path.join(dir, 'random.bin');
  await writeSized(random, 200 * 1000 * 1000, (n) => randomBytes(n));

  const outside = path.join(dir, 'outside.csv');
  await writeFile(outside, 'a file outside the input folder\n', { mode: 0o600 });
  const linked = path.join(dir, 'linked');
  await mkdir(linked, { recursive: true });
  await symlink(outside, path.join(linked, 'outside.csv'));

  return [
    { label: 'an empty folder (the command alone)', path: empty },
    { label: 'zip bomb: 1 MB expanding to 1 GiB', path: bomb },
    { label: '200 MB bhavcopy', path: large },
    { label: '200 MB of random bytes', path: random },
    { label: 'a folder holding a symlink', path: linked },
  ];
}

/** The line of the ingest command's summary that says what became of the input. */
export function verdictOf(stdout: string): string {
  const lines = stdout.split('\n').map((line) => line.trim());
  const reason = lines.find((line, i) => i > 0 && lines[i - 1] === 'rejected:') ?? lines.find((line) => line.startsWith('input '));
  return reason ?? lines.find((line) => / files? in /.test(line)) ?? lines.filter(Boolean).at(-1) ?? '';
}
