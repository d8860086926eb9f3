// npm run gen: writes the event catalogue's JSON Schemas to schemas/generated/events/.
// npm run gen:check: exits 1 if the committed files differ from what the schemas produce.
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { eventJsonSchemas } from '#schemas/generated';

const dir = new URL('../schemas/generated/events/', import.meta.url);
const check = process.argv.includes('--check');
const expected = eventJsonSchemas();
const present = await readdir(dir).catch(() => [] as string[]);

if (check) {
  const drifted = [...Object.keys(expected).filter((name) => !present.includes(name)), ...present.filter((name) => !(name in expected))];
  for (const name of present.filter((n) => n in expected)) {
    if ((await readFile(new URL(name, dir), 'utf8')) !== expected[name]) drifted.push(name);
  }
  if (drifted.length > 0) {
    console.error(`generated event schemas are out of date (${drifted.join(', ')}); run npm run gen`);
    process.exit(1);
  }
  console.log(`${present.length} generated event schemas are up to date`);
} else {
  await mkdir(dir, { recursive: true });
  for (const name of present.filter((n) => !(n in expected))) await rm(new URL(name, dir));
  for (const [name, text] of Object.entries(expected)) await writeFile(new URL(name, dir), text);
  console.log(`wrote ${Object.keys(expected).length} event schemas to schemas/generated/events/`);
}
