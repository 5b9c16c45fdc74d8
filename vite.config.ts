import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, mergeConfig } from 'vite';
import { imagetools } from 'vite-imagetools';
import { siteContentSeedPlugin } from './scripts/build/site-content-seed-plugin';
import { ssrModuleTypePlugin } from './scripts/build/ssr-module-type-plugin';
import { responsivePictureDirectives } from './scripts/image-presets';
import { themeStartupPlugin } from './scripts/theme-startup-plugin';

/**
 * The landing page's build: index.html only. The studio inbox (vite.studio.config.ts) and the
 * booking pages' script (vite.booking.config.ts) are built by passes of their own, so that no
 * module is shared with them and the landing page's chunks stay exactly what they are
 * (docs/decisions/0018-studio-entry.md, 0080).
 */
export const landingConfig = defineConfig({
  plugins: [
    react(),
    tailwindcss(),
    imagetools({ defaultDirectives: responsivePictureDirectives }),
    themeStartupPlugin(),
    siteContentSeedPlugin(),
    ssrModuleTypePlugin(),
  ],
  build: {
    outDir: 'dist/client',
    assetsInlineLimit: 0,
    // The page's images are imported by the content, which only the server render reads now
    // (the islands get their data from the HTML): the SSR build emits them, and the prerender
    // copies them beside the client's files (scripts/prerender/rendered-assets.ts).
    ssrEmitAssets: true,
    // Every browser the site supports has modulepreload; the polyfill would run before any tap.
    modulePreload: { polyfill: false },
  },
  // The SSR bundle (dist/server/entry-server.js) renders the form pages at run time, where only
  // production dependencies are installed: React and the icons go inside it, not beside it.
  ssr: { noExternal: true },
});

/**
 * The server render bundles into one file, where a dynamic import splits nothing: the forms'
 * rules, loaded at the first focus in the browser, are imported outright by the pages the
 * server renders for visitors without JavaScript, as they should be. Only that build is told
 * not to warn of it; in the browser's build the warning would mean bytes.
 */
export default defineConfig(({ isSsrBuild }) =>
  isSsrBuild === true
    ? mergeConfig(landingConfig, {
        build: { rolldownOptions: { checks: { ineffectiveDynamicImport: false } } },
      })
    : landingConfig,
);
