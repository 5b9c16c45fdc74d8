import { createHash } from 'node:crypto';
import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';

/** Everything `npm run build` reads: sources, assets, build scripts and their configuration. */
export const BUILD_INPUTS = [
  'src',
  'common',
  'server',
  'scripts',
  'public',
  'index.html',
  'studio.html',
  'package.json',
  'package-lock.json',
  'tsconfig.json',
  'vite.booking.config.ts',
  'vite.config.ts',
  'vite.server.config.ts',
  'vite.studio.config.ts',
];

async function listFiles(root: string, input: string): Promise<string[]> {
  const target = path.join(root, input);
  const info = await stat(target).catch(() => null);
  if (info === null) return [];
  if (!info.isDirectory()) return [input];
  const entries = await readdir(target, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)));
}

/**
 * One SHA-256 over the names and contents of every build input under `root`, in a fixed
 * order, so any edit, addition, removal or rename gives a different hash (file times do not
 * count: a checkout or a copy changes them without changing the build).
 */
export async function hashBuildInputs(root: string, inputs = BUILD_INPUTS): Promise<string> {
  const files = (await Promise.all(inputs.map((input) => listFiles(root, input))))
    .flat()
    .map((file) => file.split(path.sep).join('/'))
    .sort();
  const hash = createHash('sha256');
  for (const file of files) {
    const content = await readFile(path.join(root, file));
    hash.update(`${file}\0${content.length}\0`).update(content);
  }
  return hash.digest('hex');
}
