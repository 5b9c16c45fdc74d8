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
    // Most files wait on real servers, databases and clocks rather than on a core: one file
    // more than there are cores keeps every core busy (Vitest's default is one fewer).
    maxWorkers: availableParallelism() + 1,
    // Beside the browser journeys on a busy machine a real server's answer can take seconds.
    // Tests wait for the conditions they mean (0065); these only keep a slow machine from
    // being read as a failure: a test 40 s, a hook 60 s, an `expect.poll` 10 s (not 1 s). With
    // both cores overloaded, a component test that takes 3 s alone took 30 s: a deadline only
    // decides how late a real failure is reported, so it is generous.
    testTimeout: 40_000,
    hookTimeout: 60_000,
    expect: { poll: { timeout: 10_000 } },
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
