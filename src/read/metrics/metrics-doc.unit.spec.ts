import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DERIVED_RATIOS } from '#schemas/common/concepts';
import { describeMetric } from './metric-catalogue.ts';

const DOC = readFileSync(path.resolve(import.meta.dirname, '../../../docs/metrics.md'), 'utf8');

/** The rows of the formula table: `| \`id\` | formula | unit |`. */
function formulaTable(): Map<string, { formula: string; unit: string }> {
  const section = DOC.split('## Formulas')[1]?.split('\n\n')[1] ?? '';
  const rows = section.split('\n').filter((line) => line.startsWith('| `'));
  return new Map(
    rows.map((line) => {
      const [id = '', formula = '', unit = ''] = line
        .split(/(?<!\\)\|/)
        .slice(1, -1)
        .map((cell) => cell.trim());
      return [id.replace(/`/g, ''), { formula: formula.replace(/\\\|/g, '|'), unit }];
    }),
  );
}

describe('docs/metrics.md', () => {
  it('gives every ratio exactly the formula and unit the code computes', () => {
    const table = formulaTable();
    expect([...table.keys()]).toEqual([...DERIVED_RATIOS, '<Concept>_growth']);
    for (const id of DERIVED_RATIOS) {
      const entry = describeMetric(id);
      expect({ id, ...table.get(id) }).toEqual({ id, formula: entry?.formula, unit: entry?.unit });
    }
    expect(table.get('<Concept>_growth')?.formula).toBe(describeMetric('Revenue_growth')?.formula.replace(/Revenue/g, 'Concept'));
  });
});
