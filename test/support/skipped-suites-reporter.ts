import type { Reporter, TestModule, TestSuite } from 'vitest/node';

/** The outermost skipped suites of a module: a suite inside a skipped one is not named again. */
function* skippedSuites(parent: TestModule | TestSuite): Generator<TestSuite> {
  for (const suite of parent.children.suites()) {
    if (suite.state() === 'skipped') yield suite;
    else yield* skippedSuites(suite);
  }
}

/**
 * Names every skipped suite at the end of a run, with the project and file, beside the default
 * reporter's counts: a suite that needs a server absent here (the PostgreSQL server, Kafka,
 * KurrentDB) says so, and why, in its name, and the run's output (CI's included) shows it
 * rather than a bare count of skipped tests.
 */
export default class SkippedSuitesReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    const lines = testModules.flatMap((module) =>
      [...skippedSuites(module)].map((suite) => {
        const tests = [...suite.children.allTests()].length;
        return `  [${module.project.name}] ${module.relativeModuleId} > ${suite.fullName} (${tests} ${tests === 1 ? 'test' : 'tests'})`;
      }),
    );
    if (lines.length === 0) return;
    process.stdout.write(`\nSkipped suites (${lines.length}), each with its reason in its name:\n${lines.join('\n')}\n`);
  }
}
