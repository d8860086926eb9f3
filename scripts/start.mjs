// The launcher of the service commands (`npm start`, `start:api`, ...): runs the compiled
// JavaScript in dist/ while it is as new as the TypeScript sources, and otherwise the sources
// themselves through tsx, slower to start but never stale (docs/start-up.md).
import path from 'node:path';
import process from 'node:process';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { distState } from './dist-freshness.mjs';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const entry = process.argv[2];
if (!entry?.endsWith('.ts')) throw new Error('usage: node scripts/start.mjs <entry point .ts, from the package root>');
// The entry point sees the arguments after its own path, as when it is run directly.
process.argv.splice(2, 1);

const state = distState(root);
if (state === 'fresh') {
  await import(pathToFileURL(path.join(root, 'dist', entry.replace(/\.ts$/, '.js'))).href);
} else {
  process.stderr.write(
    `dist/ is ${state === 'unbuilt' ? 'not built' : 'older than the sources'}: running the TypeScript sources (npm run build compiles them)\n`,
  );
  const { register } = await import('tsx/esm/api');
  register();
  await import(pathToFileURL(path.join(root, entry)).href);
}
