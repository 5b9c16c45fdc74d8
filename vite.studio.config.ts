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

/**
 * The studio inbox's build, run after the landing page's into the same dist/client: its own
 * entry (studio.html → src/studio/entry.tsx), its own copy of React, and nothing of the
 * landing page's chunks (docs/decisions/0018-studio-entry.md).
 */
export default mergeConfig(
  landingConfig,
  defineConfig({
    plugins: [blockRenderUntilEntryRuns()],
    publicDir: false,
    build: {
      emptyOutDir: false,
      manifest: false,
      rollupOptions: {
        input: 'studio.html',
        // Every studio file is named studio-*, so the landing page's budget test can prove it
        // fetches none of them.
        output: { chunkFileNames: 'assets/studio-[name]-[hash].js' },
      },
    },
  }),
);
