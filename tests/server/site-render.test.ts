// @vitest-environment jsdom
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { SiteContent, SitePortfolioItem } from '../../common/site-content';
import { siteContent } from '../../common/site-content';
import {
  DIST,
  islandPropsAreValid,
  islandsOf,
  loadBuiltRenderer,
  parseHtml,
  type BuiltRenderer,
} from './helpers/built-renderer';

/** A project whose image was uploaded in the studio: 400 and 800 wide, in the three formats. */
const UPLOADED: SitePortfolioItem = {
  id: 'quarry-tiles',
  title: 'Quarry Tiles',
  category: 'Graphic Design',
  description: 'Labels and boxes for a tile maker.',
  imageAlt: 'Stacked tile boxes with bold labels',
  image: {
    width: 800,
    height: 600,
    sources: (['avif', 'webp', 'jpg'] as const).flatMap((extension) =>
      [400, 800].map((width) => ({
        url: `/media/5be0c9a1d2-${width}.${extension}`,
        width,
        type: extension === 'jpg' ? ('image/jpeg' as const) : (`image/${extension}` as const),
      })),
    ),
  },
};

const NEW_QUOTE = 'They turned a tired shop into the busiest corner of the market.';

/** The seed with a new quote, an uploaded project, and no Packaging project left. */
function changedDocument(seed: SiteContent): SiteContent {
  const [first, ...others] = seed.testimonials.items;
  if (first === undefined) throw new Error('The seed has no testimonial.');
  return siteContent.parse({
    ...seed,
    testimonials: { ...seed.testimonials, items: [{ ...first, quote: NEW_QUOTE }, ...others] },
    portfolio: {
      ...seed.portfolio,
      items: [UPLOADED, ...seed.portfolio.items.filter((item) => item.category !== 'Packaging')],
    },
  });
}

type PortfolioProps = {
  filters: { name: string; countText: string; itemIds: string[] }[];
};

function portfolioProps(page: Document): PortfolioProps {
  const island = islandsOf(page).find(({ name }) => name === 'portfolio-filter');
  if (island === undefined) throw new Error('The page has no portfolio island.');
  return island.props as PortfolioProps;
}

describe('the landing page rendered from a content document', () => {
  let built: BuiltRenderer;
  beforeAll(async () => {
    built = await loadBuiltRenderer();
  });

  it('is, for the seed, byte for byte the page the build wrote', async () => {
    const { indexHtml } = built.renderSite(built.seed, new Date());
    expect(indexHtml).toBe(await readFile(path.join(DIST, 'client', 'index.html'), 'utf8'));
  });

  it('dates the sitemap with the publish, as the build dated it with the build', async () => {
    const sitemap = await readFile(path.join(DIST, 'client', 'sitemap.xml'), 'utf8');
    const builtOn = /<lastmod>([\d-]+)<\/lastmod>/.exec(sitemap)?.[1] ?? '';
    expect(built.renderSite(built.seed, new Date(`${builtOn}T12:00:00Z`)).sitemapXml).toBe(sitemap);
    const { sitemapXml } = built.renderSite(built.seed, new Date('2027-03-04T05:06:07Z'));
    const urls = [...sitemapXml.matchAll(/<url><loc>([^<]+)<\/loc><lastmod>([^<]+)</g)];
    expect(urls.map(([, loc, lastmod]) => [loc, lastmod])).toEqual([
      [`${built.siteUrl}/`, '2027-03-04'],
      [`${built.siteUrl}/privacy`, '2027-03-04'],
    ]);
  });

  it('shows a changed quote, an uploaded image, and only the filters still in use', async () => {
    const page = parseHtml(built.renderSite(changedDocument(built.seed), new Date()).indexHtml);

    const quotes = [...page.querySelectorAll('#testimonials blockquote')].map((quote) =>
      quote.textContent.trim(),
    );
    expect(quotes[0]).toBe(NEW_QUOTE);

    const image = page.querySelector<HTMLImageElement>(
      '#portfolio img[alt="Stacked tile boxes with bold labels"]',
    );
    expect(image?.getAttribute('src')).toBe('/media/5be0c9a1d2-800.jpg');
    expect([image?.getAttribute('width'), image?.getAttribute('height')]).toEqual(['800', '600']);
    expect(
      [...(image?.parentElement?.querySelectorAll('source') ?? [])].map((source) =>
        source.getAttribute('srcset'),
      ),
    ).toEqual([
      // A document may still name WebP files (an image uploaded before 0078): AVIF, then JPEG.
      '/media/5be0c9a1d2-400.avif 400w, /media/5be0c9a1d2-800.avif 800w',
    ]);

    const buttons = [...page.querySelectorAll('#portfolio [role="group"] button')].map(
      (button) => button.textContent,
    );
    expect(buttons).toEqual(['All', 'Web Design', 'Graphic Design', 'Branding', 'Marketing']);
    const { filters } = portfolioProps(page);
    expect(filters.map((filter) => filter.name)).toEqual(buttons);
    expect(filters.find((filter) => filter.name === 'Graphic Design')).toEqual({
      name: 'Graphic Design',
      countText: 'Showing 3 projects',
      itemIds: ['quarry-tiles', 'solstice-festival', 'tidewater-report'],
    });
    // The projects are plain HTML the filter shows and hides, each named as the props name it.
    const listed = [...page.querySelectorAll<HTMLElement>('#portfolio-items > li')];
    expect(listed.map((item) => item.dataset.item)).toContain('quarry-tiles');

    // The browser hydrates an island only if its check accepts the props in the page.
    expect(await islandPropsAreValid(page)).toEqual({
      'portfolio-filter': true,
      counters: true,
      'contact-form': true,
      'newsletter-form': true,
    });
  });

  it('writes the title, description and structured data from the document', () => {
    const content = siteContent.parse({
      ...built.seed,
      meta: { title: 'Ember & Ink | Studio', description: 'Brands, sites and campaigns.' },
      contact: { ...built.seed.contact, phone: '+1 (555) 010-0199' },
    });
    const page = parseHtml(built.renderSite(content, new Date()).indexHtml);
    expect(page.title).toBe('Ember & Ink | Studio');
    const metaContent = (selector: string) =>
      page.querySelector(`meta[${selector}]`)?.getAttribute('content');
    expect(metaContent('name="description"')).toBe('Brands, sites and campaigns.');
    expect(metaContent('property="og:title"')).toBe('Ember & Ink | Studio');
    const jsonLd = page.querySelector('script[type="application/ld+json"]')?.textContent ?? '';
    expect(JSON.parse(jsonLd)).toMatchObject({
      description: 'Brands, sites and campaigns.',
      telephone: '+1 (555) 010-0199',
    });
  });
});
