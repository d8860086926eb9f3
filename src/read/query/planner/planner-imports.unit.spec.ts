import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { resolveImport } from '../../../../eslint/modules.js';

const ROOT = path.resolve(import.meta.dirname, '../../../..');
const PLANNER = 'src/read/query/planner';

/** Every repository file the planner's modules import, directly or through others, each with the file importing it. */
function reachedFrom(folder: string): Map<string, string> {
  const reached = new Map<string, string>();
  const files = readdirSync(path.join(ROOT, folder)).filter((f) => f.endsWith('.ts') && !f.includes('.spec.'));
  const pending: Array<readonly [string, string]> = files.map((f) => [path.join(folder, f), folder]);
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const [file, from] = next;
    if (reached.has(file)) continue;
    reached.set(file, from);
    for (const { fileName } of ts.preProcessFile(readFileSync(path.join(ROOT, file), 'utf8')).importedFiles) {
      // Relative and subpath (#read/metrics/...) imports; packages cannot import the repository.
      const target = resolveImport(path.join(ROOT, file), fileName);
      if (target !== undefined) pending.push([path.relative(ROOT, target), file]);
    }
  }
  return reached;
}

describe('the planner', () => {
  it('reads no projection: what can be screened comes from a list without SQL', () => {
    const reached = reachedFrom(PLANNER);
    expect(reached.has('src/read/metrics/screen-metric-list.ts')).toBe(true);
    const projections = [...reached].filter(([file]) => file.startsWith('projections/')).map(([file, from]) => `${file} (from ${from})`);
    expect(projections).toEqual([]);
  });
});
