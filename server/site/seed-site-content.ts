import type { SiteContent } from '../../common/site-content';
import type { Log } from '../log';
import type { SiteContentRepository } from '../store/site/site-content-repository';

/**
 * On first start, publishes the content the build describes (or, in development, the source),
 * so a fresh install shows exactly the built page. Once the store has a draft the seed is never
 * read again: a rebuild never overwrites what the studio published.
 */
export async function seedSiteContent(options: {
  site: SiteContentRepository;
  /** The build's dist/site-content.json, or the source's seed module under `npm run dev`. */
  readSeed: () => Promise<SiteContent>;
  log: Log;
  now: () => number;
}): Promise<void> {
  const { site, log } = options;
  if ((await site.readDraft()) !== null) return;
  const content = await options.readSeed();
  if (await site.seedSiteContent(content, { by: null, now: new Date(options.now()) })) {
    log('info', 'site content seeded from the build');
  }
}
