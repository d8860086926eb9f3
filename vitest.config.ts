import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import LongestFirstSequencer from './test/support/longest-first-sequencer.ts';

// Suites are selected by suffix: *.unit.spec.ts has no I/O, *.int.spec.ts touches a
// database, *.e2e.spec.ts goes through the HTTP surface. PostgreSQL-server cases run when
// TEST_DATABASE_URL is set and are reported as skipped, by name, when it is not. Suites
// that start from the bundled sample copy one ingested once per run (sample-template.ts).
/** Never run as specs: dependencies, and fixtures (a lint fixture may be a spec file by name). */
const NOT_SPECS = ['node_modules/**', 'test/fixtures/**'];

export default defineConfig({
  test: {
    // Much of a suite's time is spent waiting (the PostgreSQL server, child processes, queue
    // polls), so two files run at once even on two cores; Vitest's own default is cores - 1.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // The longest files start first, across projects, by test/spec-durations.json in a clean
    // clone (`npm run test:durations` records it), so no worker idles at the end of a run.
    sequence: { sequencer: LongestFirstSequencer },
    // A worker imports the service once for all the files it runs, not once a file (about a
    // tenth of a run's time); specs restore what they stub and close what they open.
    isolate: false,
    // The default reporter counts skipped tests; the second names each skipped suite, whose
    // name carries its reason (a server absent here), in every run's output, CI's included.
    reporters: ['default', './test/support/skipped-suites-reporter.ts'],
    projects: [
      { extends: true, test: { name: 'unit', include: ['**/*.unit.spec.ts'], exclude: NOT_SPECS } },
      {
        extends: true,
        test: {
          name: 'int',
          include: ['**/*.int.spec.ts'],
          exclude: NOT_SPECS,
          globalSetup: ['test/support/sample-template.ts', 'test/support/kurrentdb-server.ts', 'test/support/kafka-setup.ts'],
          testTimeout: 120_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['**/*.e2e.spec.ts'],
          exclude: NOT_SPECS,
          globalSetup: ['test/support/sample-template.ts'],
          // Every response an e2e suite receives is checked against the app's OpenAPI document.
          setupFiles: ['test/support/contract/contract-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
