import { spawnSync } from 'node:child_process';
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');
const SOURCES = [
  'src',
  'common',
  'index.html',
  'vite.config.ts',
  'package-lock.json',
  'scripts/prerender.ts',
];
/** Written last by the build, so its age is the age of the whole build. */
const BUILD_MARKER = path.join(ROOT, 'dist', 'meta.json');

async function newestChange(target: string): Promise<number> {
  const info = await stat(target).catch(() => null);
  if (info === null) return 0;
  if (!info.isDirectory()) return info.mtimeMs;
  const entries = await readdir(target, { recursive: true, withFileTypes: true });
  let newest = info.mtimeMs;
  for (const entry of entries) {
    if (entry.isFile())
      newest = Math.max(newest, (await stat(path.join(entry.parentPath, entry.name))).mtimeMs);
  }
  return newest;
}

async function isBuildCurrent(): Promise<boolean> {
  const built = await stat(BUILD_MARKER).catch(() => null);
  const client = await stat(path.join(ROOT, 'dist', 'client', 'index.html')).catch(() => null);
  if (built === null || client === null) return false;
  const sourceTimes = await Promise.all(
    SOURCES.map((source) => newestChange(path.join(ROOT, source))),
  );
  return Math.max(...sourceTimes) <= Math.min(built.mtimeMs, client.mtimeMs);
}

if (await isBuildCurrent()) {
  console.log('build-if-needed: dist/ is up to date');
} else {
  console.log(
    'build-if-needed: dist/ is missing or older than the sources, running `npm run build`',
  );
  const result = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' });
  process.exit(result.status ?? 1);
}
