/**
 * `npm run build` (run by `npm install` as `prepare`): compiles the services to JavaScript in
 * dist/, keeping the source tree's layout, copies the files they read at run time beside
 * them, and makes a PGlite cluster, migrated and with every projection's tables, for new data
 * folders to start from. `npm start` runs dist/
 * while it is as new as the sources (scripts/start.mjs; docs/start-up.md).
 */
import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { cp, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { packagePath } from '#platform/package-root';
import { writeServiceTemplate } from '#runtime/service-template';

/**
 * dist/package.json: ES modules, and the subpath imports (package.json "imports", ADR 21:
 * `#platform/db`, `#read/facts/list-facts`) pointed at the compiled files, for Node resolves a `#` import from
 * the nearest package.json. It has no name: package-root.ts passes it by on its way to the
 * package's own.
 */
async function compiledPackageJson(): Promise<string> {
  const { imports } = JSON.parse(await readFile(packagePath('package.json'), 'utf8')) as { imports: Record<string, string> };
  const compiled = Object.fromEntries(Object.entries(imports).map(([key, target]) => [key, target.replace(/\.ts$/, '.js')]));
  return `${JSON.stringify({ type: 'module', imports: compiled }, null, 2)}\n`;
}

/** Files read at run time from beside the module that reads them. */
const ASSETS = ['src/platform/db/migrations', 'src/serve/explore/page', 'src/platform/db-engines/pglite-thread/entry.mjs'];

const started = Date.now();
const dist = packagePath('dist');
await rm(dist, { recursive: true, force: true });

let tsc: string | undefined;
try {
  tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
} catch {
  // An install without dev dependencies: npm start runs the TypeScript through tsx instead.
  console.warn('build: typescript is not installed, so nothing is compiled; npm start will run the TypeScript sources');
}
if (tsc) {
  execFileSync(process.execPath, [tsc, '-p', packagePath('tsconfig.build.json')], { stdio: 'inherit' });
  await writeFile(packagePath('dist', 'package.json'), await compiledPackageJson());
  for (const asset of ASSETS) {
    await cp(packagePath(asset), packagePath('dist', asset), {
      recursive: true,
      filter: (source) => !source.endsWith('.spec.ts'),
    });
  }
}
await mkdir(dist, { recursive: true });
await writeServiceTemplate();
// Last, and holding when the build began: a source saved after that makes dist/ stale.
if (tsc) await writeFile(packagePath('dist', '.built'), String(started));
console.log(`build: dist/ written in ${((Date.now() - started) / 1000).toFixed(1)} s`);
