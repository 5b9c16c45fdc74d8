import { spawn, spawnSync, type ChildProcess } from 'node:child_process';

/** The load generator and the server under test each get one of the machine's cores. */
export const LOAD_CPU = 0;
export const SERVER_CPU = 1;

export function isCommandAvailable(command: string): boolean {
  return spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;
}

/** Prefixes a command with `taskset` so it stays on one core, when the machine has two. */
export function pinnedCommand(cpu: number, command: string, args: string[]): [string, string[]] {
  const canPin = isCommandAvailable('taskset') && cpu < cpuCount();
  return canPin ? ['taskset', ['-c', String(cpu), command, ...args]] : [command, args];
}

function cpuCount(): number {
  return Number(spawnSync('nproc', { encoding: 'utf8' }).stdout.trim()) || 1;
}

export async function waitForHttp(url: string, child: ChildProcess, what: string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${what} exited with code ${child.exitCode}.`);
    const isUp = await fetch(url).then(
      (response) => response.ok,
      () => false,
    );
    if (isUp) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${what} did not answer ${url} within 60 s.`);
}

/** Starts a process in its own group, so stopping it also stops what it started (tsx's node). */
export function spawnGroup(
  command: string,
  args: string[],
  options: { env?: NodeJS.ProcessEnv; stdout: number },
): ChildProcess {
  return spawn(command, args, {
    env: options.env ?? process.env,
    stdio: ['ignore', options.stdout, options.stdout],
    detached: true,
  });
}

export function stopGroup(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) {
      resolve();
      return;
    }
    child.once('exit', () => resolve());
    process.kill(-child.pid, 'SIGTERM');
  });
}
