import path from 'node:path';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
import { MAX_FUNCTION_LINES, functionLength } from '../../eslint/function-length.js';

// The repository's own `npm run lint` adds the same entries (eslint.config.js). The files
// linted here exist only as text: their paths decide which entries apply.
const ROOT = path.resolve(import.meta.dirname, '../..');

const eslint = new ESLint({
  cwd: ROOT,
  overrideConfigFile: true,
  overrideConfig: [{ files: ['**/*.ts'], languageOptions: { parser: tseslint.parser } }, ...functionLength()],
});

/** The rules that fire on `text` linted as the file at `file`. */
async function reports(file: string, text: string): Promise<string[]> {
  const [result] = await eslint.lintText(text, { filePath: path.join(ROOT, file) });
  return (result?.messages ?? []).map((message) => `${message.ruleId ?? 'parse'}: ${message.message}`);
}

/** A function of `lines` lines, its header and closing brace counted, with `padding` blank and comment lines more. */
function functionOf(lines: number, padding = 0): string {
  const statements = Array.from({ length: lines - 2 }, (_, i) => `  void ${i};`);
  const filler = Array.from({ length: padding }, (_, i) => (i % 2 === 0 ? '' : `  // why ${i}`));
  return ['export function coordinate(): void {', ...filler, ...statements, '}', ''].join('\n');
}

const TOO_LONG = /^max-lines-per-function: Function 'coordinate' has too many lines/;

describe('production functions are held to about 150 lines (eslint/function-length.js)', () => {
  it('passes a function at the limit and reports one a line over it', async () => {
    expect(MAX_FUNCTION_LINES).toBe(150);
    expect(await reports('src/read/query/at-limit.ts', functionOf(MAX_FUNCTION_LINES))).toEqual([]);
    expect(await reports('src/read/query/over-limit.ts', functionOf(MAX_FUNCTION_LINES + 1))).toEqual([expect.stringMatching(TOO_LONG)]);
  });

  it('holds every production folder', async () => {
    for (const folder of ['src/serve/http', 'projections/companies', 'services/api', 'schemas/common']) {
      const file = `${folder}/over-limit.ts`;
      expect(await reports(file, functionOf(MAX_FUNCTION_LINES + 1)), file).toEqual([expect.stringMatching(TOO_LONG)]);
    }
  });

  it('counts neither blank lines nor comments', async () => {
    expect(await reports('src/ingest/pipeline/explained.ts', functionOf(MAX_FUNCTION_LINES, 40))).toEqual([]);
  });

  it('counts an immediately invoked function', async () => {
    const body = Array.from({ length: MAX_FUNCTION_LINES - 1 }, (_, i) => `  void ${i};`);
    const text = ['(() => {', ...body, '})();', ''].join('\n');
    expect(await reports('services/worker/start.ts', text)).toEqual([
      expect.stringMatching(/^max-lines-per-function: Arrow function has too many lines/),
    ]);
  });

  it('leaves specs and test support alone', async () => {
    for (const file of ['src/read/query/execute-plan.unit.spec.ts', 'projections/facts/facts.int.spec.ts', 'test/support/long.ts']) {
      expect(await reports(file, functionOf(MAX_FUNCTION_LINES + 1)), file).toEqual([]);
    }
  });
});
