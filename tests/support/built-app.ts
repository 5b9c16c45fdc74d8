import { execFile, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { promisify } from 'node:util';

const run = promisify(execFile);

const BUILT_APP = path.resolve(import.meta.dirname, '..', '..', 'dist', 'app');

function builtFile(name: string): string {
  const file = path.join(BUILT_APP, name);
  if (!existsSync(file)) {
    throw new Error(
      `${file} is missing: run \`npm run build\` first (\`npm test\` does), so the tests run ` +
        'the server exactly as production does.',
    );
  }
  return file;
}

/** The compiled server that `npm run serve` runs with node. */
export function builtServer(): string {
  return builtFile('main.js');
}

/** The compiled studio CLI that a production install runs: `node dist/app/enquiries.js`. */
export function builtCli(): string {
  return builtFile('enquiries.js');
}

/** What one run of the CLI left: its exit code and both outputs. */
export type CliRun = { code: number; stdout: string; stderr: string };

/**
 * Runs the compiled CLI as a production install does, with `env` as its whole environment, and
 * answers with its exit code and outputs whether it succeeds or fails.
 */
export async function runBuiltCli(
  args: readonly string[],
  env: NodeJS.ProcessEnv,
): Promise<CliRun> {
  try {
    const { stdout, stderr } = await run(process.execPath, [builtCli(), ...args], { env });
    return { code: 0, stdout, stderr };
  } catch (error) {
    // execFile rejects on a non-zero exit with the code and both outputs on the error.
    if (!(error instanceof Error && 'code' in error && typeof error.code === 'number')) throw error;
    const stdout = 'stdout' in error && typeof error.stdout === 'string' ? error.stdout : '';
    const stderr = 'stderr' in error && typeof error.stderr === 'string' ? error.stderr : '';
    return { code: error.code, stdout, stderr };
  }
}

/** Resolves with the address the started server logs it listens on; rejects if it exits first. */
export function waitUntilListening(server: ChildProcess): Promise<string> {
  return new Promise<string>((resolve, reject) => {
    if (server.stdout === null) throw new Error('Start the server with its stdout piped.');
    createInterface({ input: server.stdout }).on('line', (line) => {
      const match = /"msg":"listening","url":"([^"]+)"/.exec(line);
      if (match?.[1]) resolve(match[1]);
    });
    server.once('exit', (code) => reject(new Error(`the server exited with ${code}`)));
  });
}

/** The whole environment of a test's server: any free port on loopback, plus `settings`. */
export function builtServerEnv(settings: Record<string, string>): NodeJS.ProcessEnv {
  return { PATH: process.env.PATH ?? '', PORT: '0', HOST: '127.0.0.1', ...settings };
}
