import { existsSync } from 'node:fs';
import path from 'node:path';

/** Where the replay reads its corpus: the project's own files, and ../shared when it is there. */
export interface CorpusRoots {
  readonly repo: string;
  /** `../shared/data/real`, the ingest corpus. */
  readonly real: string | undefined;
  /** `../shared/data/exchange`, endpoints' responses as recorded. */
  readonly exchange: string | undefined;
}

export const REPO_ROOT = path.resolve(import.meta.dirname, '../../..');

export function findCorpusRoots(useShared = true): CorpusRoots {
  const shared = (name: string) => {
    const dir = path.resolve(REPO_ROOT, '../shared/data', name);
    return useShared && existsSync(dir) ? dir : undefined;
  };
  return { repo: REPO_ROOT, real: shared('real'), exchange: shared('exchange') };
}

/** `dir/relative` when `dir` is known and the path exists. */
export function under(dir: string | undefined, ...relative: string[]): string | undefined {
  if (dir === undefined) return undefined;
  const full = path.join(dir, ...relative);
  return existsSync(full) ? full : undefined;
}
