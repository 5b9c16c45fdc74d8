import { mkdir, mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { decideBuild } from './build-decision';
import { hashBuildInputs } from './build-inputs';

const INPUTS = ['src', 'index.html', 'vite.config.ts'];
const ORIGIN = 'http://localhost:3000';

async function put(file: string, content: string): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, content);
}

describe('decideBuild', () => {
  let root: string;
  let distDir: string;

  /** A finished build of the current inputs, as `npm run build` leaves it. */
  async function build(siteUrl = ORIGIN): Promise<void> {
    for (const file of [
      'client/index.html',
      'app/main.js',
      'app/enquiries.js',
      'app/calendar-worker.js',
      'site-content.json',
      'pages/landing-template.html',
    ]) {
      await put(path.join(distDir, file), 'built');
    }
    const inputsHash = await hashBuildInputs(root, INPUTS);
    await put(path.join(distDir, 'meta.json'), JSON.stringify({ siteUrl, inputsHash }));
  }

  const decide = (siteOrigin = ORIGIN) =>
    decideBuild({ root, distDir, siteOrigin, inputs: INPUTS });

  beforeEach(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'ember-build-'));
    distDir = path.join(root, 'dist');
    await put(path.join(root, 'src', 'app.tsx'), 'export const app = 1;');
    await put(path.join(root, 'src', 'sections', 'hero.tsx'), 'export const hero = 1;');
    await put(path.join(root, 'index.html'), '<!doctype html>');
    await put(path.join(root, 'vite.config.ts'), 'export default {};');
  });
  afterEach(() => rm(root, { recursive: true, force: true }));

  it('builds when there is no build', async () => {
    expect(await decide()).toEqual({ needed: true, reason: 'there is no finished build' });
  });

  it('keeps a finished build of the same inputs for the same SITE_URL', async () => {
    await build();
    expect(await decide()).toEqual({ needed: false });
  });

  it('keeps the build when only file times change', async () => {
    await build();
    const later = new Date(Date.now() + 60_000);
    await utimes(path.join(root, 'src', 'app.tsx'), later, later);
    expect(await decide()).toEqual({ needed: false });
  });

  it('rebuilds when the configured SITE_URL differs from the built one, naming both', async () => {
    await build();
    expect(await decide('https://studio.example')).toEqual({
      needed: true,
      reason: 'it was made for SITE_URL=http://localhost:3000, not https://studio.example',
    });
  });

  it.each([
    ['an edited source', (root: string) => put(path.join(root, 'src', 'app.tsx'), 'changed')],
    ['a new source', (root: string) => put(path.join(root, 'src', 'new.ts'), 'x')],
    ['a removed source', (root: string) => rm(path.join(root, 'src', 'sections', 'hero.tsx'))],
    ['an edited config', (root: string) => put(path.join(root, 'vite.config.ts'), 'changed')],
    ['an edited template', (root: string) => put(path.join(root, 'index.html'), '<p>')],
  ])('rebuilds after %s', async (_, change) => {
    await build();
    await change(root);
    expect(await decide()).toEqual({
      needed: true,
      reason: 'the sources changed since it was made',
    });
  });

  it('rebuilds a build that stopped before its last step', async () => {
    await build();
    await rm(path.join(distDir, 'app', 'enquiries.js'));
    expect(await decide()).toEqual({ needed: true, reason: 'the build lacks app/enquiries.js' });
  });

  it('rebuilds when meta.json has no inputs hash (an unfinished or older build)', async () => {
    await build();
    await put(path.join(distDir, 'meta.json'), JSON.stringify({ siteUrl: ORIGIN }));
    expect(await decide()).toEqual({ needed: true, reason: 'there is no finished build' });
  });
});
