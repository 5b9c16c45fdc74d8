import type { Plugin } from 'vite';

/**
 * Marks the SSR build's output (dist/server) as ES modules with a package.json of its own. The
 * server imports dist/server/entry-server.js from wherever DIST_DIR is; without the marker the
 * module type came from whatever package.json happened to sit above that folder, and a copy of
 * the build outside the project (or a loader that does not guess from the syntax) read the
 * bundle as CommonJS and the server did not start.
 */
export function ssrModuleTypePlugin(): Plugin {
  let isSsrBuild = false;
  return {
    name: 'ssr-module-type',
    apply: 'build',
    configResolved(config) {
      isSsrBuild = Boolean(config.build.ssr);
    },
    generateBundle() {
      if (!isSsrBuild) return;
      this.emitFile({
        type: 'asset',
        fileName: 'package.json',
        source: `${JSON.stringify({ type: 'module' })}\n`,
      });
    },
  };
}
