import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { SiteContent, SitePortfolioItem } from '../../../common/site-content';
import { createSiteContentSeed } from '../../content/site-content-seed';
import { Portfolio } from './portfolio';

const shownTitles = () =>
  screen.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent);
const filterNames = () =>
  within(screen.getByRole('group', { name: 'Filter projects by category' }))
    .getAllByRole('button')
    .map((button) => button.textContent);

function renderPortfolio(change?: (portfolio: SiteContent['portfolio']) => SitePortfolioItem[]) {
  const { portfolio } = createSiteContentSeed();
  const items = change ? change(portfolio) : portfolio.items;
  return render(<Portfolio portfolio={{ ...portfolio, items }} />);
}

/** A project whose image was uploaded in the studio: two widths in each of the three formats. */
const UPLOADED: SitePortfolioItem = {
  id: 'quarry-tiles',
  title: 'Quarry Tiles',
  category: 'Packaging',
  description: 'Boxes for a tile maker.',
  imageAlt: 'Stacked tile boxes',
  image: {
    width: 800,
    height: 600,
    sources: (['avif', 'webp', 'jpg'] as const).flatMap((extension) =>
      [400, 800].map((width) => ({
        url: `/media/9f2c41d0-${width}.${extension}`,
        width,
        type: extension === 'jpg' ? ('image/jpeg' as const) : (`image/${extension}` as const),
      })),
    ),
  },
};

describe('Portfolio', () => {
  it('shows all twelve items with All pressed at first', () => {
    renderPortfolio();
    expect(screen.getByRole('button', { name: 'All' })).toHaveAttribute('aria-pressed', 'true');
    expect(shownTitles()).toHaveLength(12);
    expect(screen.getByRole('status')).toHaveTextContent('Showing 12 projects');
  });

  it.each([
    [
      'Web Design',
      ['Northwind Outfitters', 'Fieldnote Finance', 'Atlas Logistics', 'Kindred Architecture'],
    ],
    ['Graphic Design', ['Solstice Festival', 'Tidewater Annual Report']],
    ['Branding', ['Harbor & Pine Coffee', 'Marlow & Associates']],
    ['Marketing', ['Verde Kitchen', 'Bloom & Barrel']],
    ['Packaging', ['Lumen Skincare', 'Ridgeline Brewing']],
  ])('filters to %s and announces the count', async (filter, titles) => {
    const user = userEvent.setup();
    renderPortfolio();
    await user.click(screen.getByRole('button', { name: filter }));
    expect(screen.getByRole('button', { name: filter })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'All' })).toHaveAttribute('aria-pressed', 'false');
    expect(shownTitles()).toEqual(titles);
    expect(screen.getByRole('status')).toHaveTextContent(`Showing ${titles.length} projects`);
  });

  it('returns to every item with All', async () => {
    const user = userEvent.setup();
    renderPortfolio();
    await user.click(screen.getByRole('button', { name: 'Branding' }));
    await user.click(screen.getByRole('button', { name: 'All' }));
    expect(shownTitles()).toHaveLength(12);
  });

  it('offers only the filters that show a project, in their fixed order', () => {
    renderPortfolio(({ items }) => items.filter((item) => item.category !== 'Packaging'));
    expect(filterNames()).toEqual(['All', 'Web Design', 'Graphic Design', 'Branding', 'Marketing']);
    expect(screen.getByRole('status')).toHaveTextContent('Showing 10 projects');
  });

  it('keeps a filter while any category it covers is in use', () => {
    // Marketing covers Social Media too.
    const { unmount } = renderPortfolio(({ items }) =>
      items.filter((item) => item.category !== 'Marketing'),
    );
    expect(filterNames()).toContain('Marketing');
    unmount();
    renderPortfolio(({ items }) => items.filter((item) => item.category !== 'Branding'));
    expect(filterNames()).not.toContain('Branding');
  });

  it('shows a project with an uploaded image as a build image: every width, size reserved', async () => {
    const user = userEvent.setup();
    renderPortfolio(({ items }) => [UPLOADED, ...items]);
    await user.click(screen.getByRole('button', { name: 'Packaging' }));
    expect(shownTitles()).toEqual(['Quarry Tiles', 'Lumen Skincare', 'Ridgeline Brewing']);
    const image = screen.getByRole('img', { name: 'Stacked tile boxes' });
    expect(image).toHaveAttribute('src', '/media/9f2c41d0-800.jpg');
    expect(image).toHaveAttribute('width', '800');
    expect(image).toHaveAttribute('height', '600');
    expect(image).toHaveAttribute('loading', 'lazy');
    const sources = [...(image.parentElement?.querySelectorAll('source') ?? [])].map((source) => [
      source.getAttribute('type'),
      source.getAttribute('srcset'),
      source.getAttribute('sizes'),
    ]);
    const sizes = '(min-width: 1024px) 352px, (min-width: 640px) 45vw, 92vw';
    expect(sources).toEqual([
      ['image/avif', '/media/9f2c41d0-400.avif 400w, /media/9f2c41d0-800.avif 800w', sizes],
    ]);
  });
});
