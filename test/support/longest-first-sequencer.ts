import path from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { readSpecDurations } from './spec-durations.ts';

/** What orders a file: whether it failed last time, and its seconds when known. */
export interface Rank {
  failed: boolean;
  seconds: number | undefined;
}

/** The files that failed last time first, then the unknown (a new spec may be long), then the longest. */
export function longestFirst<T>(items: readonly T[], rankOf: (item: T) => Rank): T[] {
  const ranked = items.map((item) => ({ item, rank: rankOf(item) }));
  return ranked.sort((a, b) => compareRanks(a.rank, b.rank)).map(({ item }) => item);
}

function compareRanks(a: Rank, b: Rank): number {
  if (a.failed !== b.failed) return a.failed ? -1 : 1;
  if (a.seconds === undefined || b.seconds === undefined) return (a.seconds === undefined ? 0 : 1) - (b.seconds === undefined ? 0 : 1);
  return b.seconds - a.seconds;
}

/**
 * Starts the longest spec files first, whatever their project, so that the last files to run
 * are short ones and no worker idles while one long file finishes. Vitest's own order keeps
 * each project's files together and, in a clean clone (CI's) with no results cache, orders
 * them by size, which left a few minutes-long files to run last on one worker. A file's
 * length is its duration in this checkout's results cache when it has one, else the committed
 * `test/spec-durations.json`; a file in neither is started before the known ones.
 */
export default class LongestFirstSequencer extends BaseSequencer {
  override sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const recorded = readSpecDurations();
    const { root } = this.ctx.config;
    const rankOf = (spec: TestSpecification): Rank => {
      const file = path.relative(root, spec.moduleId).split(path.sep).join('/');
      const cached = this.ctx.cache.getFileTestResults(`${spec.project.name}:${file}`);
      if (cached) return { failed: cached.failed, seconds: cached.duration / 1000 };
      return { failed: false, seconds: recorded[file] };
    };
    return Promise.resolve(longestFirst(files, rankOf));
  }
}
