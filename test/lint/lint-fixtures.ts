import path from 'node:path';
import { ESLint, type Linter } from 'eslint';

/** Each fixture file under `root`, by its path from there, with the messages `config` reports on it. */
export async function lintFixtures(root: string, config: Linter.Config[]): Promise<Map<string, string[]>> {
  const eslint = new ESLint({ cwd: root, overrideConfigFile: true, overrideConfig: config });
  const results = await eslint.lintFiles(['**/*.ts']);
  return new Map(
    results.map((result) => [
      path.relative(root, result.filePath),
      result.messages.map((message) => `${message.ruleId ?? 'parse'}: ${message.message}`),
    ]),
  );
}
