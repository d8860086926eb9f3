import { describe, expect, it } from 'vitest';
import { moduleOf } from '../eslint/modules.js';
import { importsOf, measureModules } from './module-measures.ts';

describe('module measures', () => {
  it('names a file’s module: the first folder below the deepest layer root, or the file itself directly in one', () => {
    expect(moduleOf('src/read/facts/list-facts.ts')).toBe('src/read/facts');
    expect(moduleOf('src/ingest/formats/nse-cm-bhavcopy/parser.ts')).toBe('src/ingest/formats/nse-cm-bhavcopy');
    expect(moduleOf('src/ingest/formats/all-parsers/all-parsers.ts')).toBe('src/ingest/formats/all-parsers');
    expect(moduleOf('src/ingest/watch-folder.ts')).toBe('src/ingest/watch-folder.ts');
    expect(moduleOf('src/ingest/bus/kafka/kafka-bus.ts')).toBe('src/ingest/bus');
    expect(moduleOf('src/platform/package-root.ts')).toBe('src/platform/package-root.ts');
    expect(moduleOf('src/runtime/snapshot/x.ts')).toBe('src/runtime/snapshot');
    expect(moduleOf('src/runtime/start-service.ts')).toBe('src/runtime/start-service.ts');
    expect(moduleOf('projections/prices/tables.ts')).toBe('projections/prices');
  });

  it('reads value, type-only and re-exporting imports, relative and subpath ones, of files that exist', () => {
    const text = [
      "import { d } from '#read/d';",
      "import { e } from '#read/unknown';",
      "import { a } from '../b/a.ts';",
      "import type { T } from './t.ts';",
      "export { c } from '../c/index.ts';",
      "import pg from 'pg';",
      "import { gone } from './gone.ts';",
    ].join('\n');
    const known = new Set(['src/read/b/a.ts', 'src/read/x/t.ts', 'src/read/c/index.ts']);
    const subpath = (specifier: string) => (specifier === '#read/d' ? 'src/read/d/index.ts' : undefined);
    expect(importsOf('src/read/x/file.ts', text, (f) => known.has(f) || f === 'src/read/d/index.ts', subpath)).toEqual([
      'src/read/d/index.ts',
      'src/read/b/a.ts',
      'src/read/x/t.ts',
      'src/read/c/index.ts',
    ]);
  });

  it('counts files reached from outside, imports through front doors, and cycles of files and of modules', () => {
    const graph = new Map<string, string[]>([
      ['src/read/x/a.ts', ['src/read/y/index.ts', 'src/read/y/b.ts', 'src/read/x/c.ts']],
      ['src/read/x/c.ts', ['src/read/x/a.ts', 'src/platform/config.ts']],
      ['src/read/y/index.ts', ['src/read/y/b.ts']],
      ['src/read/y/b.ts', ['src/read/x/c.ts']],
      ['src/platform/config.ts', []],
    ]);
    const measures = measureModules(graph);
    expect(measures).toMatchObject({ files: 5, importedFromOutside: 4, crossingImports: 4, throughFrontDoor: 2 });
    expect(measures.cycles).toEqual([['src/read/x/a.ts', 'src/read/x/c.ts', 'src/read/y/b.ts', 'src/read/y/index.ts']]);
    expect(measures.moduleCycles).toEqual([['src/read/x', 'src/read/y']]);
  });
});
