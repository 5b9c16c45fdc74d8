import { defineConfig, mergeConfig } from 'vite';
import { landingConfig } from './vite.config';
import { BOOKING_TIMES_ENTRY } from './scripts/prerender/booking-shell';

/**
 * The booking pages' script's build, run after the landing page's into the same dist/client.
 * It brings in the display face with the landing entry's own code (src/theme/display-face.ts);
 * built in one pass with the landing page, that module would become a chunk both entries load,
 * one more request for `/` and a preload in every page's head. Built apart, each entry carries
 * its copy and `/` fetches nothing of the booking pages' (decision 0080).
 */
export default mergeConfig(
  landingConfig,
  defineConfig({
    publicDir: false,
    build: {
      emptyOutDir: false,
      manifest: false,
      rollupOptions: {
        input: 'src/booking/booking-times-entry.ts',
        output: { entryFileNames: `assets/${BOOKING_TIMES_ENTRY}-[hash].js` },
      },
    },
  }),
);
