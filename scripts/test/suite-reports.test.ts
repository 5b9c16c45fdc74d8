import { describe, expect, it } from 'vitest';
import { summarizePlaywright, summarizeVitest } from './suite-reports';

describe("the test runners' reports", () => {
  it('counts Vitest tests and ranks its files by the time each took', () => {
    const summary = summarizeVitest({
      passed: 7,
      failed: 1,
      skipped: 3,
      files: [
        { file: 'server/a.test.ts', ms: 450 },
        { file: 'tests/server/soak.test.ts', ms: 128_040 },
      ],
    });
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
    expect(() => summarizeVitest({ results: [] })).toThrow();
    expect(() => summarizePlaywright({ stats: {} })).toThrow();
  });
});
