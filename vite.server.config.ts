import { defineConfig } from 'vite';

/**
 * The server and the studio CLI as plain JavaScript in dist/app: app code (server/ and
 * common/) is bundled, every package stays an import, so production needs only
 * `npm ci --omit=dev` and better-sqlite3 loads its own native build.
 */
export default defineConfig({
  publicDir: false,
  build: {
    ssr: true,
    outDir: 'dist/app',
    emptyOutDir: true,
    target: 'node20',
    minify: false,
    sourcemap: true,
    rolldownOptions: {
      input: {
        main: 'server/main.ts',
        enquiries: 'server/cli/enquiries.ts',
        // The thread that expands calendar rules (off-thread-busy-times.ts) loads it by this name.
        'calendar-worker': 'server/booking/calendar/busy-times-worker.ts',
      },
      output: {
        format: 'es',
        entryFileNames: '[name].js',
        chunkFileNames: 'chunks/[name]-[hash].js',
      },
    },
  },
});
