import { cp, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { inboxOf } from '../../src/ingest/pipeline/sources/inbox.ts';

/**
 * With embedded PGlite, one process owns the data folder. When `npm start` holds it, the
 * CLI copies the inputs into the service's inbox instead; the service ingests them and
 * removes them once stored.
 */
export async function handOff(inputs: readonly string[], dataDir: string): Promise<string> {
  const target = path.join(inboxOf(dataDir), `${new Date().toISOString().replace(/[:.]/g, '-')}-${process.pid}`);
  await mkdir(target, { recursive: true });
  for (const input of inputs) await cp(input, path.join(target, path.basename(input)), { recursive: true });
  return target;
}
