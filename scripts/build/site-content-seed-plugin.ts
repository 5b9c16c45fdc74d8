import { resolve } from 'node:path';
import type { Plugin } from 'vite';

/** The content seed in the SSR build's output (dist/server), next to entry-server.js. */
export const SITE_CONTENT_SEED_CHUNK = 'site-content-seed.js';

const SEED_MODULE = resolve('src/content/site-content-seed.ts');

/**
 * Adds the content seed to the SSR build as an entry of its own, so its images resolve to the
 * very files the client build emits; scripts/build/write-site-content.ts then turns it into
 * dist/site-content.json for the server (docs/decisions/0036-site-content-seed.md).
 */
export function siteContentSeedPlugin(): Plugin {
  let isSsrBuild = false;
  return {
    name: 'site-content-seed',
    apply: 'build',
    configResolved(config) {
      isSsrBuild = Boolean(config.build.ssr);
    },
    buildStart() {
      if (!isSsrBuild) return;
      this.emitFile({ type: 'chunk', id: SEED_MODULE, fileName: SITE_CONTENT_SEED_CHUNK });
    },
  };
}
