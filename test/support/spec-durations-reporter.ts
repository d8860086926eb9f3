import type { ModuleDiagnostic, Reporter, TestModule } from 'vitest/node';
import { recordSpecDurations } from './spec-durations.ts';

/** A file's time on its worker, in seconds: its import and set-up as well as its tests and hooks. */
const secondsOf = (d: ModuleDiagnostic): number =>
  (d.environmentSetupDuration + d.prepareDuration + d.collectDuration + d.setupDuration + d.duration) / 1000;

/**
 * Records each spec file's duration in `test/spec-durations.json` at the end of a run (`npm run
 * test:durations`), over what was recorded before: a run of some files updates only theirs.
 */
export default class SpecDurationsReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    const measured = testModules
      .filter((module) => module.state() !== 'skipped')
      .map((module) => [module.relativeModuleId, secondsOf(module.diagnostic())] as const);
    recordSpecDurations(Object.fromEntries(measured));
  }
}
