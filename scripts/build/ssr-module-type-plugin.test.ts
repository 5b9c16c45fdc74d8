import { cp, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'vite';
import { afterEach, describe, expect, it } from 'vitest';
import { ssrModuleTypePlugin } from './ssr-module-type-plugin';

const writeJson = (file: string, value: unknown) => writeFile(file, JSON.stringify(value));

describe('ssrModuleTypePlugin', () => {
  let root = '';
  afterEach(() => rm(root, { recursive: true, force: true }));

  it('keeps the SSR bundle importable once the build is copied under a CommonJS package', async () => {
    root = await mkdtemp(path.join(tmpdir(), 'ember-ssr-module-type-'));
    // Built as the project builds it: inside an ES module package, so the bundle ends in .js.
    const project = path.join(root, 'project');
    await mkdir(project);
    await writeJson(path.join(project, 'package.json'), { type: 'module' });
    const entryFile = path.join(project, 'entry.ts');
    await writeFile(entryFile, 'export const answer: number = 42;\n');
    await build({
      configFile: false,
      root: project,
      logLevel: 'silent',
      plugins: [ssrModuleTypePlugin()],
      build: { ssr: entryFile, outDir: path.join(project, 'dist', 'server') },
    });
    // Deployed as DIST_DIR inside a folder whose own package.json says CommonJS.
    const deployed = path.join(root, 'deploy');
    await mkdir(deployed);
    await writeJson(path.join(deployed, 'package.json'), { type: 'commonjs' });
    await cp(path.join(project, 'dist'), path.join(deployed, 'dist'), { recursive: true });

    const entryUrl = pathToFileURL(path.join(deployed, 'dist', 'server', 'entry.js')).href;
    const entry = (await import(entryUrl)) as { answer: number };
    expect(entry.answer).toBe(42);
  });
});
