import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const MODULE = fileURLToPath(new URL('./lower-priority.ts', import.meta.url));

// In a process of its own: a lowered priority cannot be raised again without privileges.
const CHILD = `
import { readdirSync, readFileSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import { lowerPriority } from ${JSON.stringify(MODULE)};
const niceOf = (thread) => {
  const stat = readFileSync('/proc/self/task/' + thread + '/stat', 'utf8');
  return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
};
const before = readdirSync('/proc/self/task');
lowerPriority(7);
const worker = new Worker('setInterval(() => {}, 1000)', { eval: true });
await new Promise((resolve) => worker.once('online', resolve));
const after = readdirSync('/proc/self/task').filter((thread) => !before.includes(thread));
console.log(JSON.stringify({ before: before.map(niceOf), after: after.map(niceOf) }));
await worker.terminate();
`;

describe.runIf(existsSync('/proc/self/task'))('lowerPriority', () => {
  it('sets every thread the process has, and the threads it starts afterwards inherit the priority', () => {
    const out = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', CHILD], { encoding: 'utf8' });
    const { before, after } = JSON.parse(out.trim().split('\n').at(-1) ?? '{}') as { before: number[]; after: number[] };
    // V8's and libuv's threads exist before the call: without setting each, only the calling thread would be lowered.
    expect(before.length).toBeGreaterThan(1);
    expect(new Set(before)).toEqual(new Set([7]));
    expect(after.length).toBeGreaterThan(0);
    expect(new Set(after)).toEqual(new Set([7]));
  });
});
