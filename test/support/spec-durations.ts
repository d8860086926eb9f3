import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

/**
 * Seconds each spec file took in a whole run, by its path from the repository root: what
 * orders a clean clone's run (longest-first-sequencer.ts). `npm run test:durations` records it.
 */
const REPO_ROOT = path.resolve(import.meta.dirname, '../..');
const SPEC_DURATIONS_FILE = path.join(REPO_ROOT, 'test/spec-durations.json');

const SpecDurationsSchema = z.record(z.string(), z.number().nonnegative());
export type SpecDurations = z.infer<typeof SpecDurationsSchema>;

/** The recorded durations; none when the file is absent or unreadable (the run is only ordered worse). */
export function readSpecDurations(): SpecDurations {
  try {
    return SpecDurationsSchema.parse(JSON.parse(readFileSync(SPEC_DURATIONS_FILE, 'utf8')));
  } catch {
    return {};
  }
}

/** Records `measured` over what was recorded, dropping files that no longer exist, by path. */
export function recordSpecDurations(measured: SpecDurations): void {
  const merged = { ...readSpecDurations(), ...measured };
  const kept = Object.keys(merged)
    .filter((file) => existsSync(path.join(REPO_ROOT, file)))
    .sort()
    .map((file) => [file, Math.round((merged[file] ?? 0) * 10) / 10] as const);
  writeFileSync(SPEC_DURATIONS_FILE, `${JSON.stringify(Object.fromEntries(kept), null, 2)}\n`);
}
