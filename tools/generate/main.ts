// npm run generate -- --out DIR [--companies N] [--years Y] [--seed S] [--price-days D] [--end-date YYYY-MM-DD]
// Writes a synthetic dataset in the exchanges' formats (docs/generator.md) and prints one line.
import { parseArgs } from 'node:util';
import { generateDataset } from './generate-dataset.ts';
import { GenerateOptionsSchema } from './generate-options.ts';
import { createFolderWriter, isFreshFolder } from './write-dataset-folder.ts';

const USAGE = `usage: npm run generate -- --out <dir> [--companies N (50)] [--years Y (5)] [--seed S (1)]
                         [--price-days D (20)] [--end-date YYYY-MM-DD (2025-03-31, a quarter end)]`;

function usageError(message: string): never {
  console.error(`${message}\n${USAGE}`);
  process.exit(2);
}

const FLAGS = { companies: 'companies', years: 'years', seed: 'seed', 'price-days': 'priceDays' } as const;

let parsed: ReturnType<typeof parse>;
function parse() {
  return parseArgs({
    options: {
      out: { type: 'string' },
      companies: { type: 'string' },
      years: { type: 'string' },
      seed: { type: 'string' },
      'price-days': { type: 'string' },
      'end-date': { type: 'string' },
      help: { type: 'boolean', default: false },
    },
  });
}
try {
  parsed = parse();
} catch (error) {
  usageError(error instanceof Error ? error.message : String(error));
}
const { values } = parsed;
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}
if (!values.out) usageError('--out is required');

const numbers: Record<string, number> = {};
for (const [flag, key] of Object.entries(FLAGS)) {
  const text = values[flag as keyof typeof FLAGS];
  if (text === undefined) continue;
  if (!/^\d+$/.test(text)) usageError(`--${flag}: "${text}" is not a whole number`);
  numbers[key] = Number(text);
}
const options = GenerateOptionsSchema.safeParse({ ...numbers, ...(values['end-date'] ? { endDate: values['end-date'] } : {}) });
if (!options.success) {
  const flagOf = (key: PropertyKey | undefined) =>
    Object.entries(FLAGS).find(([, k]) => k === key)?.[0] ?? (key === 'endDate' ? 'end-date' : String(key));
  usageError(options.error.issues.map((issue) => `--${flagOf(issue.path[0])}: ${issue.message}`).join('\n'));
}
if (!isFreshFolder(values.out)) usageError(`--out: ${values.out} exists and is not empty; give a new or empty folder`);

const { counts } = generateDataset(options.data, createFolderWriter(values.out));
console.log(
  `generated ${counts.companies} companies: ${counts.files} files, ${counts.filings} filings, ${counts.facts} facts in ${values.out} (seed ${options.data.seed}, ${options.data.years} years to ${options.data.endDate})`,
);
