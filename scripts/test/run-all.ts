/**
 * `npm test`: everything CI proves, never asking more of the machine than its cores can carry
 * (decision 0114), so that a test fails for a fault and not for a slow or busy machine.
 *   1. Two lanes of one process each: the build, then the typecheck and the format check; and
 *      beside them the lint, which alone takes about as long (97 s against 32 + 43 + 30 s).
 *      The tests wait for both lanes, so no check starves them.
 *   2. The Vitest suites and the Playwright journeys side by side on the build: a journey
 *      worker (a browser and the server it drives, busy on a core) for every two cores, and a
 *      Vitest worker a core (its files mostly wait on real servers, databases and clocks: a
 *      run of them used about a third of a core each). The load average is sampled and
 *      reported, so a run that asked too much says so.
 * Then where the minutes went, and one closing line of counts. Exits non-zero if anything
 * failed; a failed build skips the tests, which would fail on it anyway.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { runOneAfterAnother, runSideBySide, runStep, type Step, type StepResult } from './run-step';
import {
  type RunProblems,
  summarizePlaywright,
  summarizeVitest,
  type SuiteSummary,
  type TestProblem,
} from './suite-reports';

const ROOT = process.cwd();
const bin = (name: string) => join(ROOT, 'node_modules', '.bin', name);
const SLOWEST_SHOWN = 12;

const reports = await mkdtemp(join(tmpdir(), 'ember-test-reports-'));
const vitestReport = join(reports, 'vitest.json');
const playwrightReport = join(reports, 'playwright.json');

const typecheckStep: Step = { name: 'typecheck', command: bin('tsc'), args: ['--noEmit'] };
const lintStep: Step = { name: 'lint', command: bin('eslint'), args: ['.', '--max-warnings', '0'] };
const formatStep: Step = { name: 'format', command: bin('prettier'), args: ['--check', '.'] };

const cores = availableParallelism();
const journeyWorkers = Math.max(1, Math.floor(cores / 2));
const vitestWorkers = cores;
const LOAD_SAMPLE_MS = 10_000;

const buildStep: Step = { name: 'build', command: 'npm', args: ['run', '--silent', 'build'] };

const testSteps: Step[] = [
  {
    name: 'vitest',
    command: bin('vitest'),
    args: [
      'run',
      `--maxWorkers=${vitestWorkers}`,
      '--reporter=default',
      '--reporter=./scripts/test/vitest-times-reporter.ts',
    ],
    env: { VITEST_TIMES_REPORT: vitestReport },
  },
  {
    name: 'e2e',
    command: bin('playwright'),
    args: ['test', `--workers=${journeyWorkers}`],
    env: { PLAYWRIGHT_JSON_REPORT: playwrightReport },
  },
];

async function readSummary(
  file: string,
  summarize: (report: unknown) => SuiteSummary,
): Promise<SuiteSummary | null> {
  try {
    return summarize(JSON.parse(await readFile(file, 'utf8')));
  } catch {
    return null;
  }
}

function printTimes(stage: string, seconds: number, results: StepResult[]): void {
  const steps = results.map((r) => `${r.name} ${r.seconds} s${r.exitCode ? ' (failed)' : ''}`);
  console.log(`${stage}: ${seconds} s — ${steps.join(', ')}`);
}

function printSlowest(title: string, summary: SuiteSummary | null): void {
  if (!summary) return;
  console.log(`\nSlowest ${title}:`);
  for (const { file, seconds } of summary.files.slice(0, SLOWEST_SHOWN)) {
    console.log(`  ${seconds.toFixed(1).padStart(7)} s  ${file}`);
  }
}

/** Near the end, so that the tail of a long log says which tests to look at, and why. */
function printProblems(title: string, problems: TestProblem[]): void {
  if (problems.length === 0) return;
  console.log(`\n${title}:`);
  for (const { test, error } of problems) console.log(`  ${test}\n      ${error}`);
}

const seconds = (since: number) => Math.round((performance.now() - since) / 100) / 10;

console.log(
  `${cores} cores: the build and checks in two lanes, then ${vitestWorkers} Vitest worker(s) beside ${journeyWorkers} journey worker(s)`,
);
const started = performance.now();
const lintRunning = runStep(lintStep);
const build = await runStep(buildStep);
const checks = [...(await runOneAfterAnother([typecheckStep, formatStep])), await lintRunning];
const checksSeconds = seconds(started);
const buildFailed = build.exitCode !== 0;

const testsStarted = performance.now();
const loads: number[] = [];
const sampler = setInterval(() => loads.push(loadavg()[0] ?? 0), LOAD_SAMPLE_MS);
const second = buildFailed ? [] : await runSideBySide(testSteps);
clearInterval(sampler);
const testsSeconds = seconds(testsStarted);

const vitest = await readSummary(vitestReport, summarizeVitest);
const playwright = await readSummary(playwrightReport, summarizePlaywright);
await rm(reports, { recursive: true, force: true });

console.log(`\nWhere the minutes went (${seconds(started)} s in all):`);
printTimes('build, then checks, beside the lint', checksSeconds, [build, ...checks]);
if (buildFailed) console.log('tests: not run, because the build failed');
else printTimes('tests, once built', testsSeconds, second);
if (loads.length > 0) {
  const mean = loads.reduce((sum, load) => sum + load, 0) / loads.length;
  console.log(
    `load average while testing, on ${cores} cores: ${mean.toFixed(1)} on average, ${Math.max(...loads).toFixed(1)} at most`,
  );
}
printSlowest('Vitest files', vitest);
printSlowest('Playwright specs', playwright);

const summaries = [vitest, playwright].filter((s): s is SuiteSummary => s !== null);
printProblems(
  'Passed only on a retry',
  summaries.flatMap((s) => s.flaky),
);
printProblems(
  'Failed tests',
  summaries.flatMap((s) => s.failures),
);

const failedSteps = [...checks, build, ...second].filter((r) => r.exitCode !== 0);
// The flake hunt (scripts/test/flake-hunt.ts) reads each run's problems from here.
const problemsReport = process.env.TEST_PROBLEMS_REPORT;
if (problemsReport !== undefined) {
  const report: RunProblems = {
    seconds: seconds(started),
    failedSteps: failedSteps.map((r) => r.name),
    failures: summaries.flatMap((s) => s.failures),
    flaky: summaries.flatMap((s) => s.flaky),
  };
  await writeFile(problemsReport, JSON.stringify(report));
}
if (!buildFailed) {
  const suites = second.map((result, i) => ({ result, summary: [vitest, playwright][i] ?? null }));
  const count = (pick: (s: SuiteSummary) => number) =>
    suites.reduce((n, { summary }) => n + (summary ? pick(summary) : 0), 0);
  // A runner that failed with no failed test (it could not start, or an error escaped every
  // test) still counts as one failure.
  const silentFailures = suites.filter(
    ({ result, summary }) => result.exitCode !== 0 && !summary?.failed,
  ).length;
  console.log(
    `\ntests: ${count((s) => s.passed)} passed, ${count((s) => s.failed) + silentFailures} failed, ${count((s) => s.skipped)} skipped`,
  );
}
if (failedSteps.length > 0) {
  console.log(`Failed: ${failedSteps.map((r) => r.name).join(', ')}`);
  process.exitCode = 1;
}
