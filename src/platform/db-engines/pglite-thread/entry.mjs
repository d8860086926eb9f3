// The embedded database thread's entry (./client.ts): loads ./thread.ts or ./thread.js, named by
// its first argument, as the parse threads' pool loads its module. TypeScript through `require`,
// which tsx's hooks compile in a thread (on Node 20 its ESM hooks do not reach a thread's entry);
// compiled JavaScript through `import`.
import { createRequire } from 'node:module';
import process from 'node:process';
import { pathToFileURL } from 'node:url';

const file = process.argv[2] ?? '';
if (file.endsWith('.ts')) createRequire(import.meta.url)(file);
else await import(pathToFileURL(file).href);
