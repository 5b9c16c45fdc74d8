import { writeFileSync } from 'node:fs';
import { relative } from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';
import { firstErrorLine, type TestProblem } from './suite-reports';

/**
 * Writes the counts, each file's time and the failed tests to the file named by
 * VITEST_TIMES_REPORT, for the report at the end of `npm test`. A file's time is all it took in
 * its worker: environment, imports, hooks (a `beforeAll` that runs a server for two minutes)
 * and tests; Vitest's own `json` reporter counts the tests alone.
 */
export default class VitestTimesReporter implements Reporter {
  onTestRunEnd(modules: readonly TestModule[]): void {
    const output = process.env.VITEST_TIMES_REPORT;
    if (!output) return;
    const counts = { passed: 0, failed: 0, skipped: 0 };
    const failures: TestProblem[] = [];
    const files = modules.map((module) => {
      const file = relative(process.cwd(), module.moduleId);
      let failed = 0;
      for (const test of module.children.allTests()) {
        const result = test.result();
        if (result.state === 'passed') counts.passed += 1;
        else if (result.state === 'failed') {
          failed += 1;
          failures.push({
            test: `${file} › ${test.fullName}`,
            error: firstErrorLine(result.errors?.[0]?.message),
          });
        } else counts.skipped += 1;
      }
      // A file that could not be loaded has no test to fail: it counts as one failure.
      if (failed === 0 && module.state() === 'failed') {
        failed = 1;
        failures.push({ test: file, error: firstErrorLine(module.errors()[0]?.message) });
      }
      counts.failed += failed;
      const times = module.diagnostic();
      const ms =
        times.environmentSetupDuration +
        times.prepareDuration +
        times.setupDuration +
        times.collectDuration +
        times.duration;
      return { file, ms };
    });
    writeFileSync(output, JSON.stringify({ ...counts, files, failures }));
  }
}
