import { describe, expect, it } from 'vitest';
import { summarizePlaywright, summarizeVitest } from './suite-reports';

describe("the test runners' reports", () => {
  it('counts Vitest tests and ranks its files by wall time', () => {
    const summary = summarizeVitest(
      {
        numPassedTests: 7,
        numFailedTests: 1,
        numPendingTests: 2,
        numTodoTests: 1,
        testResults: [
          { name: '/repo/server/a.test.ts', startTime: 1_000, endTime: 1_450 },
          { name: '/repo/tests/server/soak.test.ts', startTime: 1_000, endTime: 129_040 },
        ],
      },
      '/repo',
    );
    expect(summary).toEqual({
      passed: 7,
      failed: 1,
      skipped: 3,
      files: [
        { file: 'tests/server/soak.test.ts', seconds: 128 },
        { file: 'server/a.test.ts', seconds: 0.5 },
      ],
    });
  });

  it('counts a flaky Playwright test as passed and sums a spec over projects and retries', () => {
    const spec = (file: string, durations: number[]) => ({
      file,
      tests: [{ results: durations.map((duration) => ({ duration })) }],
    });
    const summary = summarizePlaywright({
      stats: { expected: 10, unexpected: 1, flaky: 2, skipped: 3 },
      suites: [
        { file: 'leads.spec.ts', specs: [spec('leads.spec.ts', [4_000, 6_000])] },
        {
          file: 'theme.spec.ts',
          specs: [],
          suites: [{ specs: [spec('theme.spec.ts', [1_000]), spec('theme.spec.ts', [2_000])] }],
        },
      ],
    });
    expect(summary).toEqual({
      passed: 12,
      failed: 1,
      skipped: 3,
      files: [
        { file: 'leads.spec.ts', seconds: 10 },
        { file: 'theme.spec.ts', seconds: 3 },
      ],
    });
  });

  it('refuses a report of another shape instead of counting nothing', () => {
    expect(() => summarizeVitest({ results: [] }, '/repo')).toThrow();
    expect(() => summarizePlaywright({ stats: {} })).toThrow();
  });
});
