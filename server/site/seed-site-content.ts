import type { Log } from '../log';
import type { SiteContentRepository } from '../store/site/site-content-repository';
import { readSiteContentSeed } from './site-content-seed-file';

/**
 * On first start, publishes the content the build describes, so a fresh install shows exactly
 * the built page. Once the store has a draft the build's file is never read again: a rebuild
 * never overwrites what the studio published.
 */
export async function seedSiteContent(options: {
  site: SiteContentRepository;
  distDir: string;
  log: Log;
  now: () => number;
}): Promise<void> {
  const { site, log } = options;
  if ((await site.readDraft()) !== null) return;
  const content = await readSiteContentSeed(options.distDir);
  if (await site.seedSiteContent(content, { by: null, now: new Date(options.now()) })) {
    log('info', 'site content seeded from the build');
  }
}
