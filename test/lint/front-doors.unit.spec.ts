import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { frontDoors } from '../../eslint/front-doors.js';
import { lintFixtures } from './lint-fixtures.ts';

// Under test/fixtures/front-doors, files named `bad-*` (or in a `bad-*` module) name another
// module by a climbing relative path, reach inside a module past its front door or into one
// that has none, name their own module by its subpath, or re-export with `export *` from a
// door; every other file keeps to the rule, and specs and test/ may reach inside a module.
// The repository's `npm run lint` runs the same rule from its root.
const ROOT = path.resolve(import.meta.dirname, '../fixtures/front-doors');

const lint = () => lintFixtures(ROOT, frontDoors({ root: ROOT }));

describe('subpath imports and front doors (eslint/front-doors.js)', () => {
  it('reports a relative path that climbs into another module, naming the subpath to use, in production code, benchmarks and tests alike', async () => {
    const found = await lint();
    expect(found.get('src/read/facts/bad-climbs.ts')).toEqual([
      "modules/front-door: '../../platform/time/clock.ts' climbs out of this module into src/platform/time: import it as '#platform/time/clock'.",
    ]);
    expect(found.get('src/read/facts/bad-climbs-to-door.ts')).toEqual([
      "modules/front-door: '../../platform/db/index.ts' climbs out of this module into src/platform/db: import it as '#platform/db'.",
    ]);
    expect(found.get('bench/bad-climbs.ts')).toEqual([
      expect.stringMatching(/climbs out of this module into src\/read\/facts: import it as '#read\/facts\/local'/),
    ]);
    expect(found.get('test/support/bad-climbs.ts')).toEqual([expect.stringMatching(/import it as '#platform\/time\/clock'/)]);
  });

  it('reports a reach past the front door of a module that has one, statically or by import()', async () => {
    const found = await lint();
    for (const file of ['src/read/facts/bad-reaches-inside.ts', 'src/read/facts/bad-loads-inside.ts']) {
      expect(found.get(file), file).toEqual([
        "modules/front-door: '#platform/db/pool' reaches inside src/platform/db: enter it through its front door '#platform/db' (src/platform/db/index.ts), and add what is missing there.",
      ]);
    }
  });

  it('reports a reach into a module that has no front door, naming the door to give it', async () => {
    const found = await lint();
    expect(found.get('src/read/facts/bad-reaches-doorless.ts')).toEqual([
      "modules/front-door: '#platform/queue/jobs' reaches inside src/platform/queue, which has no front door: give it one (src/platform/queue/index.ts, re-exporting by name what other modules use) and import '#platform/queue'.",
    ]);
  });

  it('reports export * in a front door, which must name what it offers', async () => {
    const found = await lint();
    expect(found.get('src/platform/bad-star/index.ts')).toEqual([
      "modules/front-door: A front door names what it offers: re-export by name from './every-name.ts', not with export *.",
    ]);
  });

  it('reports a file naming its own module by a subpath', async () => {
    const found = await lint();
    expect(found.get('src/read/facts/bad-own-module.ts')).toEqual([
      expect.stringMatching(/^modules\/front-door: '#read\/facts\/local' names this file's own module/),
    ]);
  });

  it('passes doors, one-file modules and relative paths inside a module; specs and test/ may pass a door', async () => {
    const found = await lint();
    const clean = [...found].filter(([file]) => !file.includes('bad-'));
    expect(clean.map(([file]) => file).sort()).toEqual([
      'bench/measure.ts',
      'src/platform/config.ts',
      'src/platform/db/index.ts',
      'src/platform/db/pool.ts',
      'src/platform/queue/jobs.ts',
      'src/platform/time/clock.ts',
      'src/platform/time/index.ts',
      'src/read/facts/index.ts',
      'src/read/facts/inside.spec.ts',
      'src/read/facts/local.ts',
      'src/read/facts/through-doors.ts',
      'src/runtime/start.ts',
      'test/support/scenario.ts',
    ]);
    for (const [file, messages] of clean) expect(messages, file).toEqual([]);
  });
});
