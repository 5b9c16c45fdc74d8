import { z } from 'zod';

export type FileTime = { file: string; seconds: number };

export type SuiteSummary = {
  passed: number;
  failed: number;
  skipped: number;
  /** Files by the time they took, slowest first. */
  files: FileTime[];
};

/** What scripts/test/vitest-times-reporter.ts writes. */
const VitestReportSchema = z.object({
  passed: z.number(),
  failed: z.number(),
  skipped: z.number(),
  files: z.array(z.object({ file: z.string(), ms: z.number() })),
});

type PlaywrightSuite = {
  file?: string;
  specs?: { file: string; tests: { results: { duration: number }[] }[] }[];
  suites?: PlaywrightSuite[];
};

const PlaywrightSuiteSchema: z.ZodType<PlaywrightSuite> = z.lazy(() =>
  z.object({
    file: z.string().optional(),
    specs: z
      .array(
        z.object({
          file: z.string(),
          tests: z.array(z.object({ results: z.array(z.object({ duration: z.number() })) })),
        }),
      )
      .optional(),
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

function slowestFirst(times: Map<string, number>): FileTime[] {
  return [...times]
    .map(([file, ms]) => ({ file, seconds: Math.round(ms / 100) / 10 }))
    .sort((a, b) => b.seconds - a.seconds);
}

/** Vitest's counts, and its files by the time each took in its worker. */
export function summarizeVitest(report: unknown): SuiteSummary {
  const { files, ...counts } = VitestReportSchema.parse(report);
  return { ...counts, files: slowestFirst(new Map(files.map(({ file, ms }) => [file, ms]))) };
}

/**
 * Playwright's `json` reporter: a flaky test passed on its retry and counts as passed; a spec
 * file's time is the sum of its tests' attempts in every project.
 */
export function summarizePlaywright(report: unknown): SuiteSummary {
  const parsed = PlaywrightReportSchema.parse(report);
  const times = new Map<string, number>();
  const visit = (suite: PlaywrightSuite) => {
    for (const spec of suite.specs ?? []) {
      const spent = spec.tests.flatMap((test) => test.results).reduce((a, r) => a + r.duration, 0);
      times.set(spec.file, (times.get(spec.file) ?? 0) + spent);
    }
    suite.suites?.forEach(visit);
  };
  parsed.suites.forEach(visit);
  return {
    passed: parsed.stats.expected + parsed.stats.flaky,
    failed: parsed.stats.unexpected,
    skipped: parsed.stats.skipped,
    files: slowestFirst(times),
  };
}
