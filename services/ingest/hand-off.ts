import { cp, lstat, mkdir, realpath } from 'node:fs/promises';
import path from 'node:path';
import type { Problem } from '#ingest/shared/parser';
import { inboxOf, describeSkipped } from '#ingest/sources';

/**
 * With embedded PGlite, one process owns the data folder. When `npm start` holds it, the
 * CLI copies the inputs into the service's inbox instead; the service ingests them and
 * removes them once stored. As when the CLI reads them itself, a named path that is a link
 * is followed and links, FIFOs and other special files inside folders are skipped (and
 * returned), never copied.
 */
export async function handOff(inputs: readonly string[], dataDir: string): Promise<{ inbox: string; skipped: Problem[] }> {
  const target = path.join(inboxOf(dataDir), `${new Date().toISOString().replace(/[:.]/g, '-')}-${process.pid}`);
  await mkdir(target, { recursive: true });
  const skipped: Problem[] = [];
  const regular = async (source: string) => {
    const stats = await lstat(source);
    if (stats.isFile() || stats.isDirectory()) return true;
    skipped.push({ where: source, message: describeSkipped(stats) });
    return false;
  };
  for (const input of inputs) {
    const real = await realpath(input).catch(() => undefined);
    if (real === undefined) skipped.push({ where: input, message: 'no such file or folder' });
    else await cp(real, path.join(target, path.basename(input)), { recursive: true, filter: regular });
  }
  return { inbox: target, skipped };
}
