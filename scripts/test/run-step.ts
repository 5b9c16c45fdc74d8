import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';

export type Step = {
  /** Shown before each line of the step's output, and in the timing report. */
  name: string;
  command: string;
  args: string[];
  env?: NodeJS.ProcessEnv;
};

export type StepResult = { name: string; exitCode: number; seconds: number };

/**
 * Runs one step with its output passed through line by line behind `[name]`, so that steps
 * running side by side stay readable. Resolves when it exits; never rejects.
 */
export function runStep(step: Step): Promise<StepResult> {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(step.command, step.args, {
      env: { ...process.env, FORCE_COLOR: '0', ...step.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    for (const stream of [child.stdout, child.stderr]) {
      createInterface({ input: stream }).on('line', (line) => {
        process.stdout.write(`[${step.name}] ${line}\n`);
      });
    }
    const finish = (exitCode: number) =>
      resolve({
        name: step.name,
        exitCode,
        seconds: Math.round((performance.now() - started) / 100) / 10,
      });
    child.on('error', (error) => {
      process.stdout.write(`[${step.name}] could not start: ${error.message}\n`);
      finish(127);
    });
    child.on('close', (code, signal) => finish(code ?? (signal ? 128 : 1)));
  });
}

/** Runs the steps side by side; resolves with every result, in the order given. */
export function runSideBySide(steps: Step[]): Promise<StepResult[]> {
  return Promise.all(steps.map(runStep));
}

/** Runs the steps one after another, each whatever the last one's result; resolves with all. */
export async function runOneAfterAnother(steps: Step[]): Promise<StepResult[]> {
  const results: StepResult[] = [];
  for (const step of steps) results.push(await runStep(step));
  return results;
}
