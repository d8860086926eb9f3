import { fileURLToPath } from 'node:url';
import { parserRegistry } from '#ingest/formats/all-parsers/all-parsers';
import { createParsePool, type ParsePool } from '#ingest/pipeline/parse-pool';

/**
 * A parse pool of one thread running crashing-parse-worker.ts, which dies by the name of the
 * document it is given (oom.csv: past the pool's 64 MB heap), so specs see what a dying
 * parse thread leaves.
 */
export const crashingParsePool = (): ParsePool =>
  createParsePool({
    threads: 1,
    parsers: parserRegistry,
    maxHeapMb: 64,
    workerFile: fileURLToPath(new URL('./crashing-parse-worker.ts', import.meta.url)),
  });
