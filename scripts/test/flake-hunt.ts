/**
 * `npm run test:flake-hunt -- [--runs 3] [--busy-cores 1]`: runs `npm test` again and again
 * while other processes keep cores busy, as CI's shared machine may, and lists every test that
 * failed or passed only on its retry in any run. A test that needed a retry counts as found:
 * retries keep CI from failing on a fluke, never a way to pass the hunt. Exits non-zero when
 * anything was found. Each run's whole log is kept in the folder it names.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { RunProblemsSchema, type RunProblems } from './suite-reports';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    'busy-cores': { type: 'string', default: '1' },
  },
});
const runs = Number(values.runs);
const busyCores = Number(values['busy-cores']);
if (!Number.isInteger(runs) || runs < 1 || runs > 50) {
  throw new Error(`--runs must be a whole number from 1 to 50, not "${values.runs}"`);
}
if (!Number.isInteger(busyCores) || busyCores < 0 || busyCores > 8) {
  throw new Error(`--busy-cores must be a whole number from 0 to 8, not "${values['busy-cores']}"`);
}

/** A process that spins one core until it is killed. */
function keepCoreBusy(): ChildProcess {
  return spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' });
}

/** One `npm test`, its output to `logFile`; what it found wrong. */
async function runOnce(logFile: string, reportFile: string): Promise<RunProblems> {
  const log = createWriteStream(logFile);
  const child = spawn('npm', ['test'], {
    env: { ...process.env, TEST_PROBLEMS_REPORT: reportFile },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.pipe(log);
  child.stderr.pipe(log);
  const exitCode = await new Promise<number>((resolve) => {
    child.on('close', (code) => resolve(code ?? 1));
  });
  try {
    return RunProblemsSchema.parse(JSON.parse(await readFile(reportFile, 'utf8')));
  } catch {
    // npm test ended before it could report (it could not start, or was killed).
    return {
      seconds: 0,
      failedSteps: [`npm test (exit ${exitCode}, no report)`],
      failures: [],
      flaky: [],
    };
  }
}

const folder = await mkdtemp(join(tmpdir(), 'ember-flake-hunt-'));
const hogs = Array.from({ length: busyCores }, keepCoreBusy);
const stopHogs = () => hogs.forEach((hog) => hog.kill());
process.on('exit', stopHogs);
console.log(
  `Flake hunt: ${runs} runs of npm test, ${busyCores} core(s) kept busy; logs in ${folder}`,
);

/** test → how it went wrong in each run where it did. */
const found = new Map<string, string[]>();
const note = (test: string, what: string) => found.set(test, [...(found.get(test) ?? []), what]);
for (let run = 1; run <= runs; run += 1) {
  const problems = await runOnce(join(folder, `run-${run}.log`), join(folder, `run-${run}.json`));
  for (const step of problems.failedSteps) note(`step: ${step}`, `run ${run}: failed`);
  for (const { test, error } of problems.failures) note(test, `run ${run}: failed — ${error}`);
  for (const { test, error } of problems.flaky) note(test, `run ${run}: retried — ${error}`);
  const count = problems.failures.length + problems.flaky.length;
  console.log(`run ${run}: ${problems.seconds} s, ${count} test(s) failed or retried`);
}
stopHogs();

if (found.size === 0) {
  console.log(`\nNothing found in ${runs} runs.`);
} else {
  console.log(`\nFound in ${runs} runs:`);
  for (const [test, whats] of found)
    console.log(`  ${test}\n${whats.map((w) => `      ${w}`).join('\n')}`);
  process.exitCode = 1;
}
