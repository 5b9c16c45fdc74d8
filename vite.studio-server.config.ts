import { defineConfig, mergeConfig } from 'vite';
import { landingConfig } from './vite.config';

/**
 * The studio's server render (src/studio/entry-server.tsx → dist/studio-server): React's
 * server renderer draws its first screen for the browser's React to hydrate (decisions 0100,
 * 0115), bundled whole as the landing page's render is.
 */
export default mergeConfig(
  landingConfig,
  defineConfig({
    build: { rolldownOptions: { checks: { ineffectiveDynamicImport: false } } },
  }),
);
