import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { boundaries } from '../../eslint/boundaries.js';
import { lintFixtures } from './lint-fixtures.ts';

// Each file under test/fixtures/boundaries named `bad-*` breaks one arrow of
// docs/architecture.md on purpose, and `cycle-*` files import each other (`cycle-type-*`
// through type-only imports); every other
// fixture file imports only what its layer may. The repository's own `npm run lint` uses
// the same rules with the repository as the root.
const ROOT = path.resolve(import.meta.dirname, '../fixtures/boundaries');

const lint = () => lintFixtures(ROOT, boundaries({ root: ROOT }));

const RESTRICTED = 'import-x/no-restricted-paths';
const expected: Record<string, RegExp> = {
  'src/platform/time/bad-imports-read.ts': /src\/platform is the plumbing/,
  // by a subpath import (package.json "imports"), as every import across a module's edge is
  'src/platform/time/bad-imports-read-subpath.ts': /src\/platform is the plumbing/,
  'src/domain/identity/bad-imports-ingest.ts': /src\/domain holds rules every side applies/,
  'src/ingest/shared/bad-imports-format.ts': /ingest\/shared serves the formats/,
  'src/ingest/formats/beta/bad-imports-other-format.ts': /A format never imports another format/,
  'src/ingest/formats/beta/bad-imports-pipeline.ts': /never imports the pipeline that runs it/,
  'src/ingest/formats/beta/bad-imports-read.ts': /The write side \(src\/ingest\) never imports the read side/,
  'src/ingest/formats/beta/bad-imports-projection.ts': /The write side \(src\/ingest\) never imports the read side/,
  'src/ingest/pipeline/bad-imports-bus.ts': /The pipeline never imports the bus adapters: both meet at the port in src\/ingest\/jobs/,
  'src/ingest/jobs/bad-imports-pipeline.ts': /ingest\/jobs is what pipeline and bus share/,
  'src/ingest/sources/bad-imports-format.ts': /ingest\/sources lists and reads input files/,
  'src/ingest/pipeline/bad-imports-serve.ts': /The write side \(src\/ingest\) never imports the read side/,
  'projections/prices/bad-imports-other-slice.ts':
    /A projection slice imports no other slice, except projections\/companies and projections\/shared/,
  'projections/shared/bad-imports-slice.ts':
    /A projection slice imports no other slice, except projections\/companies and projections\/shared/,
  'projections/prices/bad-imports-read.ts': /A projection builds its read model from events/,
  'src/read/metrics/bad-imports-ingest.ts': /The read side \(src\/read\) never imports ingest or delivery/,
  'src/read/metrics/bad-imports-serve.ts': /The read side \(src\/read\) never imports ingest or delivery/,
  'src/serve/mcp/bad-imports-ingest.ts': /Delivery \(src\/serve\) reads through src\/read and projections, never ingest/,
  'src/runtime/bad-imports-service.ts': /src\/runtime is wired by services\//,
  'schemas/common/bad-imports-src.ts': /schemas\/ holds zod schemas only/,
  'services/api/bad-imports-tool.ts': /Production code \(src, projections, schemas, services\) never imports tools, bench/,
  'src/platform/db/bad-imports-test-support.ts': /Production code \(src, projections, schemas, services\) never imports/,
  'tools/generate/bad-imports-parser.ts': /A tool writes the exchanges' formats on its own/,
  'bench/bad-imports-spec.ts': /A benchmark may use test\/support, never a spec/,
  'scripts/bad-imports-tool.ts': /scripts\/ build and check what ships/,
  'test/support/bad-imports-bench.ts': /test\/support serves the specs and benchmarks/,
};

describe('the import arrows (eslint/boundaries.js)', () => {
  it('reports each deliberate violation with its own rule and message', async () => {
    const found = await lint();
    for (const [file, message] of Object.entries(expected)) {
      const messages = found.get(file);
      expect(messages, file).toHaveLength(1);
      expect(messages?.[0], file).toMatch(new RegExp(`^${RESTRICTED}: .*${message.source}`));
    }
  });

  it('reports an import cycle from both of its files', async () => {
    const found = await lint();
    for (const file of ['src/read/search/cycle-a.ts', 'src/read/search/cycle-b.ts']) {
      expect(found.get(file), file).toEqual([expect.stringMatching(/^cycles\/no-cycle: Import cycle: /)]);
    }
  });

  it('reports a cycle made of type-only imports (`import type`, inline `type`) from both of its files', async () => {
    const found = await lint();
    expect(found.get('src/read/metrics/cycle-type-a.ts')).toEqual([
      'cycles/no-cycle: Import cycle: src/read/metrics/cycle-type-a.ts → src/read/metrics/cycle-type-b.ts → src/read/metrics/cycle-type-a.ts.',
    ]);
    expect(found.get('src/read/metrics/cycle-type-b.ts')).toEqual([expect.stringMatching(/^cycles\/no-cycle: Import cycle: /)]);
  });

  it('reports a cycle through subpath imports (package.json "imports")', async () => {
    const found = await lint();
    expect(found.get('src/read/cycle-subpath-a/a.ts')).toEqual([
      'cycles/no-cycle: Import cycle: src/read/cycle-subpath-a/a.ts → src/read/cycle-subpath-b/b.ts → src/read/cycle-subpath-a/a.ts.',
    ]);
    expect(found.get('src/read/cycle-subpath-b/b.ts')).toEqual([expect.stringMatching(/^cycles\/no-cycle: Import cycle: /)]);
  });

  it('passes every import a layer may make: down the arrows and into the shared slice', async () => {
    const found = await lint();
    const clean = [...found].filter(([file]) => !/(^|\/)(bad-|cycle-)/.test(file));
    expect(clean.length).toBeGreaterThanOrEqual(10);
    for (const [file, messages] of clean) expect(messages, file).toEqual([]);
  });
});
