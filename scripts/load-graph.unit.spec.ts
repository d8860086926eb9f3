import { describe, expect, it } from 'vitest';
import { loadedSpecifiers, loadGraph } from './load-graph.ts';

describe('the load graph', () => {
  it('takes the imports and re-exports that load at run time, not type-only ones nor import()', () => {
    const text = [
      "import { a } from '#read/a';",
      "import type { T } from '#read/t';",
      "import { type U, type V } from '#read/u';",
      "import { type W, w } from '#read/w';",
      "import x from 'x-package';",
      "import './side-effect.ts';",
      "export { e } from './e.ts';",
      "export type { F } from './f.ts';",
      "export { type G } from './g.ts';",
      "const later = () => import('#read/later');",
    ].join('\n');
    expect(loadedSpecifiers('src/read/x/file.ts', text)).toEqual(['#read/a', '#read/w', 'x-package', './side-effect.ts', './e.ts']);
  });

  it('follows loads through files to the packages they name, each file once', () => {
    const texts: Record<string, string> = {
      'a.ts': "import { b } from './b.ts';\nimport { c } from './c.ts';\nimport pg from 'pg';",
      'b.ts': "import { c } from './c.ts';\nimport type { D } from './d.ts';\nimport { join } from 'node:path';",
      'c.ts': "import { a } from './a.ts';\nimport { z } from 'zod';",
      'd.ts': "import { PGlite } from '@electric-sql/pglite';",
    };
    const graph = loadGraph(
      ['a.ts'],
      (file) => texts[file] ?? '',
      (_from, specifier) => (specifier.startsWith('./') ? specifier.slice(2) : undefined),
    );
    expect([...graph.files].sort()).toEqual(['a.ts', 'b.ts', 'c.ts']);
    expect(graph.packages).toEqual(['pg', 'zod']);
  });
});
