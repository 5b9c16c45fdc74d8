import { describe, expect, it } from 'vitest';
import { firstErrorLine, summarizePlaywright, summarizeVitest } from './suite-reports';

type Attempt = { duration: number; error?: { message: string } };

const playwrightTest = (
  status: 'expected' | 'unexpected' | 'flaky' | 'skipped',
  attempts: Attempt[],
  projectName = 'desktop',
) => ({ projectName, status, results: attempts });

const spec = (file: string, title: string, tests: ReturnType<typeof playwrightTest>[]) => ({
  title,
  file,
  line: 12,
  tests,
});

describe("the test runners' reports", () => {
  it('counts Vitest tests, ranks its files by the time each took and names its failures', () => {
    const failure = { test: 'server/a.test.ts › sends once', error: 'expected 2 to be 1' };
    const summary = summarizeVitest({
      passed: 7,
      failed: 1,
      skipped: 3,
      files: [
        { file: 'server/a.test.ts', ms: 450 },
        { file: 'tests/server/soak.test.ts', ms: 128_040 },
      ],
      failures: [failure],
    });
    expect(summary).toEqual({
      passed: 7,
      failed: 1,
      skipped: 3,
      files: [
        { file: 'tests/server/soak.test.ts', seconds: 128 },
        { file: 'server/a.test.ts', seconds: 0.5 },
      ],
      failures: [failure],
      flaky: [],
    });
  });

  it('counts a flaky Playwright test as passed and sums a spec over projects and retries', () => {
    const summary = summarizePlaywright({
      stats: { expected: 10, unexpected: 1, flaky: 2, skipped: 3 },
      suites: [
        {
          specs: [
            spec('leads.spec.ts', 'answers a lead', [
              playwrightTest('flaky', [
                { duration: 4_000, error: { message: '\u001b[31mTimeout\u001b[39m 5000ms' } },
                { duration: 6_000 },
              ]),
            ]),
          ],
        },
        {
          specs: [],
          suites: [
            {
              specs: [
                spec('theme.spec.ts', 'keeps the theme', [
                  playwrightTest('expected', [{ duration: 1_000 }]),
                  playwrightTest(
                    'unexpected',
                    [
                      {
                        duration: 1_000,
                        error: { message: '\nError: expect(locator).toBeVisible()' },
                      },
                      { duration: 1_000, error: { message: 'Error: on the retry' } },
                    ],
                    'phone',
                  ),
                ]),
              ],
            },
          ],
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
      failures: [
        {
          test: 'theme.spec.ts:12 › keeps the theme [phone]',
          error: 'Error: expect(locator).toBeVisible()',
        },
      ],
      flaky: [{ test: 'leads.spec.ts:12 › answers a lead [desktop]', error: 'Timeout 5000ms' }],
    });
  });

  it('keeps an error to one short line', () => {
    expect(firstErrorLine(undefined)).toBe('(no message)');
    expect(firstErrorLine(`  ${'x'.repeat(400)}\nstack`)).toHaveLength(300);
  });

  it('refuses a report of another shape instead of counting nothing', () => {
    expect(() => summarizeVitest({ results: [] })).toThrow();
    expect(() => summarizePlaywright({ stats: {} })).toThrow();
  });
});
