import { renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';
import { defineConfig, mergeConfig } from 'vite';
import { landingConfig } from './vite.config';

/**
 * studio.html draws nothing until its script has run, and the script applies the stored theme
 * first: holding the first paint for it means no flash of the light theme for dark-theme
 * readers, with no inline script (the CSP allows none). Vite drops the attribute from the
 * source tag, so it is added to the built one.
 */
function blockRenderUntilEntryRuns(): Plugin {
  return {
    name: 'block-render-until-entry-runs',
    transformIndexHtml: {
      order: 'post',
      handler: (html) =>
        html.replace('<script type="module" ', '<script type="module" blocking="render" '),
    },
  };
}

/** Where the studio's chunk graph is kept: beside dist/client, never served. */
export const STUDIO_MANIFEST = 'dist/studio-manifest.json';

/**
 * Vite writes its manifest inside the output folder, which the server serves whole; the
 * studio's (which screen loads which chunk, read by the per-screen byte budgets) is moved out.
 */
function manifestBesideTheSite(): Plugin {
  return {
    name: 'manifest-beside-the-site',
    apply: 'build',
    writeBundle(options) {
      const outDir = options.dir ?? 'dist/client';
      renameSync(path.join(outDir, '.vite', 'manifest.json'), STUDIO_MANIFEST);
      rmSync(path.join(outDir, '.vite'), { recursive: true, force: true });
    },
  };
}

/** React's runtime: the same in every release of the studio's own code (decision 0115). */
const REACT_RUNTIME = /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/;

/**
 * The studio inbox's build, run after the landing page's into the same dist/client: its own
 * entry (studio.html → src/studio/entry.tsx), its own copy of React, and nothing of the
 * landing page's chunks (docs/decisions/0018-studio-entry.md).
 */
export default mergeConfig(
  landingConfig,
  defineConfig({
    plugins: [blockRenderUntilEntryRuns(), manifestBesideTheSite()],
    publicDir: false,
    build: {
      emptyOutDir: false,
      manifest: true,
      rollupOptions: {
        input: 'studio.html',
        // Every studio file is named studio-*, so the landing page's budget test can prove it
        // fetches none of them. Each screen but the inbox is a chunk of its own (decision 0096).
        output: {
          chunkFileNames: 'assets/studio-[name]-[hash].js',
          // What the inbox needs is two files, not a dozen small shared ones: each costs a phone
          // a request before the first rows. React's runtime is one of them, shared by every
          // screen: its name changes only with React's version, so a new release of the studio
          // costs a returning phone the studio's own code alone.
          codeSplitting: {
            groups: [
              { name: 'react', test: REACT_RUNTIME, priority: 2 },
              { name: 'inbox', tags: ['$initial'], priority: 1 },
            ],
          },
        },
      },
    },
  }),
);
