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

/** The worker a drawn screen starts to load the browser's date data (decision 0126). */
const DATE_WRITERS = { name: 'studio-date-writers', entry: 'src/studio/date-writers-worker.ts' };
const NOT_DATE_WRITERS = (id: string) => !id.endsWith(DATE_WRITERS.entry);

/**
 * The server draws the inbox and a lead's page into the built studio.html and starts the date
 * writers' worker from the drawn head; the worker's hashed name reaches it as an attribute of the
 * app's script tag, the tag a drawn page replaces (server/studio/studio-first-screen.ts).
 */
function nameDateWritersOnEntryTag(): Plugin {
  return {
    name: 'name-date-writers-on-entry-tag',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        const worker = Object.values(bundle ?? {}).find(
          (file) => file.type === 'chunk' && file.name === DATE_WRITERS.name,
        );
        if (worker === undefined) throw new Error(`The build made no ${DATE_WRITERS.entry}.`);
        return html.replace(
          '<script type="module" ',
          `<script type="module" data-date-writers="/${worker.fileName}" `,
        );
      },
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
    plugins: [blockRenderUntilEntryRuns(), nameDateWritersOnEntryTag(), manifestBesideTheSite()],
    publicDir: false,
    build: {
      emptyOutDir: false,
      manifest: true,
      rollupOptions: {
        input: { studio: 'studio.html', [DATE_WRITERS.name]: DATE_WRITERS.entry },
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
              // The date writers' worker is an entry of its own and shares nothing with the app.
              { name: 'inbox', tags: ['$initial'], test: NOT_DATE_WRITERS, priority: 1 },
            ],
          },
        },
      },
    },
  }),
);
