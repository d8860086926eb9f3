import { readdirSync } from 'node:fs';
import os from 'node:os';

/** The threads of this process (Linux), or none where /proc does not list them. */
function ownThreads(): number[] {
  try {
    return readdirSync('/proc/self/task').map(Number);
  } catch {
    return [];
  }
}

/**
 * Lowers this process's CPU priority to `nice` (0 to 19): a batch job beside a service
 * yields the cores to it when both want them and loses nothing when the machine is idle.
 * Linux keeps a priority per thread and a new thread takes its creator's, so every thread
 * running now (V8's and libuv's among them) is set, and the ones started later (parse
 * threads) inherit it. Where threads are not listed, the calling thread's is set.
 */
export function lowerPriority(nice: number): void {
  const threads = ownThreads();
  if (threads.length === 0) os.setPriority(nice);
  for (const thread of threads) {
    try {
      os.setPriority(thread, nice);
    } catch {
      // A thread that ended since it was listed.
    }
  }
}
