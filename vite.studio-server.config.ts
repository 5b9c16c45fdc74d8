import { defineConfig, mergeConfig } from 'vite';
import { STUDIO_ON_PREACT } from './scripts/build/studio-on-preact';
import { landingConfig } from './vite.config';

/**
 * The studio's server render (src/studio/entry-server.tsx → dist/studio-server): the same
 * Preact the browser hydrates with draws its first screen (decision 0109), bundled whole as
 * the landing page's render is.
 */
export default mergeConfig(
  landingConfig,
  defineConfig({
    resolve: { alias: STUDIO_ON_PREACT },
    build: { rolldownOptions: { checks: { ineffectiveDynamicImport: false } } },
  }),
);
