import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import * as z from 'zod/mini';
import { BUILD_LANDING } from '../../../common/landing-options';
import type { SiteContent } from '../../../common/site-content';
import { readBuildMeta } from '../../../server/build-meta';
import { LANDING_TEMPLATE_FILE } from '../../../server/site/landing-template';
import { loadSiteRenderer } from '../../../server/site/load-site-renderer';
import type { RenderSite } from '../../../server/site/render-site';
import { readSiteContentSeed } from '../../../server/site/site-content-seed-file';
import { ISLANDS } from '../../../src/islands/registry';

export const DIST = path.resolve(import.meta.dirname, '..', '..', '..', 'dist');

const MetaSchema = z.object({
  siteUrl: z.string(),
  landing: z.object({
    inlineScriptHashes: z.array(z.string()),
    inlineStyleHashes: z.array(z.string()),
  }),
});

export type BuiltRenderer = {
  renderSite: RenderSite;
  seed: SiteContent;
  siteUrl: string;
  /** The CSP hashes the server sends with `/`, however it is published (dist/meta.json). */
  hashes: { scripts: string[]; styles: string[] };
};

/**
 * The renderer a publish uses, loaded from the build (`npm test` builds first), with the seed
 * document and the CSP hashes the same build wrote.
 */
export async function loadBuiltRenderer(): Promise<BuiltRenderer> {
  if (!existsSync(path.join(DIST, LANDING_TEMPLATE_FILE))) {
    throw new Error(
      `${path.join(DIST, LANDING_TEMPLATE_FILE)} is missing: run \`npm run build\` first (\`npm test\` does).`,
    );
  }
  const siteUrl = (await readBuildMeta(DIST))?.siteUrl ?? '';
  const meta = MetaSchema.parse(JSON.parse(await readFile(path.join(DIST, 'meta.json'), 'utf8')));
  return {
    renderSite: await loadSiteRenderer(DIST, siteUrl, BUILD_LANDING),
    seed: await readSiteContentSeed(DIST),
    siteUrl,
    hashes: { scripts: meta.landing.inlineScriptHashes, styles: meta.landing.inlineStyleHashes },
  };
}

export function parseHtml(html: string): Document {
  return new DOMParser().parseFromString(html, 'text/html');
}

/**
 * Each React island on the page with its props, read as the browser's island loader reads them
 * (the header's plain controls take none).
 */
export function islandsOf(page: Document): { name: string; props: unknown }[] {
  return [...page.querySelectorAll<HTMLElement>('[data-island]')]
    .filter((island) => {
      const entry = ISLANDS[island.dataset.island ?? ''];
      return entry === undefined || 'load' in entry;
    })
    .map((island) => {
      const script = island.nextElementSibling;
      if (!(script instanceof HTMLScriptElement) || !script.hasAttribute('data-island-props')) {
        throw new Error(`Island ${island.dataset.island} has no props beside it.`);
      }
      return {
        name: island.dataset.island ?? '',
        props: JSON.parse(script.textContent) as unknown,
      };
    });
}

/** Whether every island's own check accepts the props the page carries for it. */
export async function islandPropsAreValid(page: Document): Promise<Record<string, boolean>> {
  const verdicts: Record<string, boolean> = {};
  for (const { name, props } of islandsOf(page)) {
    const entry = ISLANDS[name];
    if (entry === undefined || !('load' in entry)) {
      throw new Error(`No React island named ${name} in the registry.`);
    }
    verdicts[name] = (await entry.load()).island.isValid(props);
  }
  return verdicts;
}
