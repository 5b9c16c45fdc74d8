import { availableParallelism } from 'node:os';
import { dirname, resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';
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
          // The studio's tests each open it afresh, as a new tab would.
          setupFiles: ['src/test-setup.ts', 'src/studio/testing/studio-test-setup.ts'],
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
