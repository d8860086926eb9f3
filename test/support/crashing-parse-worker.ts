/**
 * A parse thread's module for tests: the service's own (parse-worker.ts), except for
 * documents named to make the thread exit, run out of memory, or throw.
 */
import parseInThread from '#ingest/pipeline/parse-worker';
import type { ParseTask } from '#ingest/pipeline/parse-task';

export default function parseOrCrash(task: ParseTask) {
  const name = task.document.fileName;
  if (name === 'exit.csv') process.exit(3);
  if (name === 'oom.csv') {
    const hoard: number[][] = [];
    for (;;) hoard.push(new Array<number>(1_000_000).fill(hoard.length));
  }
  if (name === 'throw.csv') throw new Error('the database of this thread is gone');
  return parseInThread(task);
}
