import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { describe, expect, it } from 'vitest';
import { checkDocs, docFiles, formatProblem, headingAnchors, repositoryPath } from '../../scripts/doc-links.ts';

// test/fixtures/doc-links is a small repository: its README.md and docs/guide.md link and name
// only what exists, docs/broken.md breaks each rule, and the Markdown files that are not
// documentation (fixtures, notes) hold broken links that must never be read.
const ROOT = path.resolve(import.meta.dirname, '../fixtures/doc-links');

describe('the documentation link check', () => {
  it('reads the READMEs, docs/ and top-level Markdown files, not fixtures or other notes', () => {
    expect(docFiles(ROOT)).toEqual(['CHANGES.md', 'README.md', 'docs/broken.md', 'docs/guide.md', 'notes/README.md']);
  });

  it('reports each broken link, anchor and code path of a file by its line', () => {
    const problems = checkDocs(ROOT, ['docs/broken.md']).map((problem) => formatProblem(problem));
    expect(problems).toEqual([
      'docs/broken.md:3: link to missing.md: docs/missing.md does not exist',
      'docs/broken.md:3: link to guide.md#no-such-heading: no heading of docs/guide.md has the anchor #no-such-heading',
      'docs/broken.md:5: `src/platform/gone.sql` names src/platform/gone.sql, which does not exist',
      'docs/broken.md:6: link to #nowhere: no heading of docs/broken.md has the anchor #nowhere',
      'docs/broken.md:8: `npx tsx scripts/gone.sql` names scripts/gone.sql, which does not exist',
      'docs/broken.md:9: `lib/util.ts` names lib/util.ts, which does not exist',
    ]);
  });

  it('reports nothing in files whose links, anchors and code paths all resolve', () => {
    expect(checkDocs(ROOT, ['README.md', 'docs/guide.md', 'notes/README.md'])).toEqual([]);
  });

  it("gives headings GitHub's anchors: lower case, punctuation dropped, repeats numbered", () => {
    const anchors = headingAnchors(fromMarkdown(readFileSync(path.join(ROOT, 'docs/guide.md'), 'utf8')));
    expect([...anchors].sort()).toEqual(['a-heading-with-code', 'guide', 'kept-by-hand', 'setup', 'setup-1', 'whats-new']);
  });

  it('takes a path from inline code without its anchor or line, and skips what is not a path', () => {
    expect(repositoryPath('src/platform/db.ts:12')).toBe('src/platform/db.ts');
    expect(repositoryPath('docs/database.md#statistics')).toBe('docs/database.md');
    expect(repositoryPath('.ci/run')).toBe('.ci/run');
    expect(repositoryPath('kafka/kafka-bus.ts')).toBe('kafka/kafka-bus.ts');
    for (const word of ['src/**/*.ts', 'src/ingest/formats/<format>/', 'src/platform/db/migrations/NNNN_name.sql']) {
      expect(repositoryPath(word)).toBeUndefined();
    }
    for (const word of ['../shared/data', 'dist/src/app.js', 'tools/list', 'intraday/INFY.csv', 'application/json']) {
      expect(repositoryPath(word)).toBeUndefined();
    }
  });
});
