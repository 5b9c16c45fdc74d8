import { availableParallelism } from 'node:os';
import { dirname, resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';
import { STUDIO_ON_PREACT } from './scripts/build/studio-on-preact';
import SlowFirstSequencer from './scripts/test/slow-first-sequencer';

/**
 * Component tests need an image's shape, not its pixels: `?picture` imports resolve to a
 * fixed description instead of running the image pipeline (the build and browser tests do).
 */
function pictureFixture(): Plugin {
  return {
    name: 'picture-fixture',
    enforce: 'pre',
    resolveId(source, importer) {
      if (!source.endsWith('?picture') || !importer) return null;
      return resolve(dirname(importer), source);
    },
    load(id) {
      if (!id.endsWith('?picture')) return null;
      const name = id.slice(id.lastIndexOf('/') + 1, -'?picture'.length);
      const picture = {
        sources: { avif: `/assets/${name}.avif 400w`, webp: `/assets/${name}.webp 400w` },
        img: { src: `/assets/${name}`, w: 1200, h: 900 },
      };
      return `export default ${JSON.stringify(picture)};`;
    },
  };
}

export default defineConfig({
  plugins: [pictureFixture(), react()],
  test: {
    // A worker a core: `npm test` gives half of them to the browser journeys (scripts/test/).
    maxWorkers: availableParallelism(),
    // Deadlines are a last resort, far above the time a test takes, so that only a fault and
    // never a slow or busy machine fails one: tests wait for the conditions they mean (0065).
    testTimeout: 120_000,
    hookTimeout: 180_000,
    expect: { poll: { timeout: 30_000 } },
    sequence: { sequencer: SlowFirstSequencer },
    projects: [
      {
        extends: true,
        test: {
          name: 'browser-app',
          environment: 'jsdom',
          include: ['src/**/*.test.{ts,tsx}'],
          exclude: ['src/studio/**'],
          setupFiles: ['src/test-setup.ts'],
        },
      },
      {
        // The studio is tested on the Preact it ships on (decision 0109): the libraries that
        // import React are bundled into the tests, as ES modules, so that the aliases reach them.
        extends: true,
        resolve: {
          alias: [
            {
              find: /^@testing-library\/react$/,
              replacement: resolve(
                'node_modules/@testing-library/react/dist/@testing-library/react.esm.js',
              ),
            },
            {
              find: /^lucide-react$/,
              replacement: resolve('node_modules/lucide-react/dist/esm/lucide-react.mjs'),
            },
            ...STUDIO_ON_PREACT,
          ],
        },
        test: {
          name: 'studio',
          environment: 'jsdom',
          include: ['src/studio/**/*.test.{ts,tsx}'],
          setupFiles: ['src/test-setup.ts', 'src/studio/testing/studio-test-setup.ts'],
          server: { deps: { inline: ['@testing-library/react', 'lucide-react'] } },
        },
      },
      {
        extends: true,
        test: {
          name: 'node',
          environment: 'node',
          // The build's server-side bundle runs as Node runs it in production, untransformed: its
          // inline scripts are function source text, hashed for the CSP byte for byte.
          server: { deps: { external: [/\/dist\/server\//] } },
          include: [
            'common/**/*.test.ts',
            'server/**/*.test.ts',
            'tests/server/**/*.test.ts',
            'scripts/**/*.test.ts',
          ],
        },
      },
    ],
  },
});
