import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { FACT_CONCEPTS } from '#schemas/common/concepts';
import { REPO_ROOT } from '../../../../test/support/parse-input.ts';
import { CONCEPT_RULES, type ConceptRule, type ElementFamily, type Source } from './concept-rules.ts';

const FAMILIES: readonly ElementFamily[] = ['ind-as', 'nbfc', 'banking', 'non-ind-as'];

const sourceText = (source: Source) => {
  const parts = source.parts.map((part) => `\`${part}\``);
  const text = parts.length === 1 ? (parts[0] ?? '') : `${parts.join(' + ')}${source.sum === 'all' ? '' : ' (those filed)'}`;
  return source.fromDuration ? `${text} (on the quarter)` : text;
};
const cell = (rule: ConceptRule | undefined) => (rule ? rule.sources.map(sourceText).join(', else ') : '–');

/** The mapping table of docs/concepts.md, as concept-rules.ts defines it. */
function mappingTable(): string {
  const header = `| concept | ${FAMILIES.join(' | ')} |\n|---|${FAMILIES.map(() => '---').join('|')}|`;
  const rows = FACT_CONCEPTS.map((concept) => {
    const cells = FAMILIES.map((family) => cell(CONCEPT_RULES[family].find((rule) => rule.concept === concept)));
    return `| \`${concept}\` | ${cells.join(' | ')} |`;
  });
  return [header, ...rows].join('\n');
}

it('docs/concepts.md shows the element-to-concept mapping exactly as concept-rules.ts defines it', () => {
  const doc = readFileSync(path.join(REPO_ROOT, 'docs/concepts.md'), 'utf8');
  expect(doc, `regenerate the table: ${'\n'}${mappingTable()}`).toContain(mappingTable());
});
