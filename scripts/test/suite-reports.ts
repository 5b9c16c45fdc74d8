import { z } from 'zod';

export type FileTime = { file: string; seconds: number };

/** A test that failed, or passed only on its retry: where it is, and the first line of why. */
export type TestProblem = { test: string; error: string };

export type SuiteSummary = {
  passed: number;
  failed: number;
  skipped: number;
  /** Files by the time they took, slowest first. */
  files: FileTime[];
  failures: TestProblem[];
  /** Tests that failed once and passed on their retry: passing, but worth a look. */
  flaky: TestProblem[];
};

const ProblemSchema = z.object({ test: z.string(), error: z.string() });

/** What one `npm test` found wrong, written where TEST_PROBLEMS_REPORT says (the flake hunt). */
export const RunProblemsSchema = z.object({
  seconds: z.number(),
  /** Steps that failed: a check, the build, or a runner. */
  failedSteps: z.array(z.string()),
  failures: z.array(ProblemSchema),
  flaky: z.array(ProblemSchema),
});
export type RunProblems = z.infer<typeof RunProblemsSchema>;

/** What scripts/test/vitest-times-reporter.ts writes. */
const VitestReportSchema = z.object({
  passed: z.number(),
  failed: z.number(),
  skipped: z.number(),
  files: z.array(z.object({ file: z.string(), ms: z.number() })),
  failures: z.array(ProblemSchema),
});

const PlaywrightResultSchema = z.object({
  duration: z.number(),
  error: z.object({ message: z.string().optional() }).optional(),
});

const PlaywrightTestSchema = z.object({
  projectName: z.string(),
  status: z.enum(['expected', 'unexpected', 'flaky', 'skipped']),
  results: z.array(PlaywrightResultSchema),
});

const PlaywrightSpecSchema = z.object({
  title: z.string(),
  file: z.string(),
  line: z.number(),
  tests: z.array(PlaywrightTestSchema),
});

type PlaywrightSuite = {
  specs?: z.infer<typeof PlaywrightSpecSchema>[];
  suites?: PlaywrightSuite[];
};

const PlaywrightSuiteSchema: z.ZodType<PlaywrightSuite> = z.lazy(() =>
  z.object({
    specs: z.array(PlaywrightSpecSchema).optional(),
    suites: z.array(PlaywrightSuiteSchema).optional(),
  }),
);

const PlaywrightReportSchema = z.object({
  stats: z.object({
    expected: z.number(),
    unexpected: z.number(),
    flaky: z.number(),
    skipped: z.number(),
  }),
  suites: z.array(PlaywrightSuiteSchema),
});

const MAX_ERROR_CHARS = 300;
// eslint-disable-next-line no-control-regex -- the runners colour their messages
const ANSI_ESCAPE = /\u001b\[[0-9;]*m/g;

/** The first line of an error that says something, without colours, short enough to scan. */
export function firstErrorLine(message: string | undefined): string {
  const line = (message ?? '')
    .replace(ANSI_ESCAPE, '')
    .split('\n')
    .map((l) => l.trim())
    .find((l) => l.length > 0);
  if (!line) return '(no message)';
  return line.length > MAX_ERROR_CHARS ? `${line.slice(0, MAX_ERROR_CHARS - 1)}…` : line;
}

function slowestFirst(times: Map<string, number>): FileTime[] {
  return [...times]
    .map(([file, ms]) => ({ file, seconds: Math.round(ms / 100) / 10 }))
    .sort((a, b) => b.seconds - a.seconds);
}

/** Vitest's counts, its files by the time each took in its worker, and its failed tests. */
export function summarizeVitest(report: unknown): SuiteSummary {
  const { files, ...rest } = VitestReportSchema.parse(report);
  return {
    ...rest,
    files: slowestFirst(new Map(files.map(({ file, ms }) => [file, ms]))),
    flaky: [],
  };
}

/**
 * Playwright's `json` reporter: a flaky test passed on its retry and counts as passed; a spec
 * file's time is the sum of its tests' attempts in every project.
 */
export function summarizePlaywright(report: unknown): SuiteSummary {
  const parsed = PlaywrightReportSchema.parse(report);
  const times = new Map<string, number>();
  const failures: TestProblem[] = [];
  const flaky: TestProblem[] = [];
  const visit = (suite: PlaywrightSuite) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests) {
        const spent = test.results.reduce((sum, result) => sum + result.duration, 0);
        times.set(spec.file, (times.get(spec.file) ?? 0) + spent);
        const problems = { unexpected: failures, flaky, expected: null, skipped: null }[
          test.status
        ];
        const firstFailure = test.results.find((result) => result.error);
        problems?.push({
          test: `${spec.file}:${spec.line} › ${spec.title} [${test.projectName}]`,
          error: firstErrorLine(firstFailure?.error?.message),
        });
      }
    }
    suite.suites?.forEach(visit);
  };
  parsed.suites.forEach(visit);
  return {
    passed: parsed.stats.expected + parsed.stats.flaky,
    failed: parsed.stats.unexpected,
    skipped: parsed.stats.skipped,
    files: slowestFirst(times),
    failures,
    flaky,
  };
}
