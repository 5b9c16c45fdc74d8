import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ROOT } from './site-server';

export type BaselineBuild = { ref: string; root: string; distDir: string; remove: () => void };

function run(command: string, args: string[], cwd: string): void {
  const result = spawnSync(command, args, { cwd, stdio: ['ignore', 2, 2] });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed in ${cwd}.`);
}

/**
 * The build of an earlier commit (`BENCH_BASELINE`, any git ref), checked out into a temporary
 * worktree that shares this checkout's node_modules and built with its own `npm run build`, so
 * it is served exactly as it was: its own server code, its own dist/.
 */
export function buildBaseline(ref: string): BaselineBuild {
  const root = mkdtempSync(path.join(tmpdir(), 'bench-baseline-'));
  rmSync(root, { recursive: true, force: true });
  run('git', ['worktree', 'add', '--detach', root, ref], ROOT);
  const remove = () => {
    spawnSync('git', ['worktree', 'remove', '--force', root], { cwd: ROOT, stdio: 'ignore' });
  };
  try {
    symlinkSync(path.join(ROOT, 'node_modules'), path.join(root, 'node_modules'), 'dir');
    run('npm', ['run', 'build'], root);
  } catch (error) {
    remove();
    throw error;
  }
  return { ref, root, distDir: path.join(root, 'dist'), remove };
}
