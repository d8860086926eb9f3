import path from 'node:path';
import { checkDocs, docFiles, formatProblem } from './doc-links.ts';

// `npm run lint`'s check of the documentation's links and code paths (docs/lint.md): one
// line per problem, `file:line: message`, and exit status 1 when there is any.
const root = path.resolve(import.meta.dirname, '..');
const problems = checkDocs(root, docFiles(root));
for (const problem of problems) console.log(formatProblem(problem));
if (problems.length > 0) process.exitCode = 1;
