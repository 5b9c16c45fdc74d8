import { writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { SiteContent } from '../../common/site-content';
import {
  parseSiteContentJson,
  SITE_CONTENT_SEED_FILE,
} from '../../server/site/site-content-seed-file';
import { SITE_CONTENT_SEED_CHUNK } from './site-content-seed-plugin';

const DIST = resolve('dist');

type SeedChunk = { createSiteContentSeed: () => SiteContent };

/**
 * Writes dist/site-content.json from the SSR build's content seed, validated as the server will
 * validate it, so a content module the studio could not edit fails the build, not the start.
 */
async function writeSiteContent(): Promise<void> {
  const chunk = pathToFileURL(join(DIST, 'server', SITE_CONTENT_SEED_CHUNK)).href;
  const { createSiteContentSeed } = (await import(chunk)) as SeedChunk;
  const json = JSON.stringify(createSiteContentSeed(), null, 2);
  const file = join(DIST, SITE_CONTENT_SEED_FILE);
  parseSiteContentJson(json, file);
  await writeFile(file, `${json}\n`);
  console.log(`Wrote ${file}`);
}

await writeSiteContent();
