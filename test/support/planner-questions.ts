import { readdirSync, readFileSync } from 'node:fs';
import { REPO_ROOT } from './parse-input.ts';

const PLANNER = `${REPO_ROOT}/src/read/query/planner`;
// Every table of questions: plan-question.<table>.unit.spec.ts (the property spec has no table).
const TABLES = readdirSync(PLANNER)
  .filter((name) => /^plan-question\.[\w-]+\.unit\.spec\.ts$/.test(name) && !name.includes('.property.'))
  .sort()
  .map((name) => `${PLANNER}/${name}`);
// A table row opens with its question, then its expected plan; a formatter may break the row across lines.
const ROW = /\[\s*(['"])((?:\\.|(?!\1).)*)\1,\s*\{\s*route:/g;

/**
 * Every question of the planner's tables (the first string of each table row), so the
 * end-to-end number check runs over the same question set the planner is tested with.
 */
export function plannerQuestions(): string[] {
  const questions = TABLES.flatMap((file) =>
    [...readFileSync(file, 'utf8').matchAll(ROW)]
      .map((row) => row[2])
      .filter((q): q is string => q !== undefined && q.length > 0)
      .map((q) => q.replace(/\\(['"\\])/g, '$1')),
  );
  return [...new Set(questions)];
}
