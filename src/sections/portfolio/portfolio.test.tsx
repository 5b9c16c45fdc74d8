import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Portfolio } from './portfolio';

const shownTitles = () =>
  screen.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent);

describe('Portfolio', () => {
  it('shows all twelve items with All pressed at first', () => {
    render(<Portfolio />);
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
    render(<Portfolio />);
    await user.click(screen.getByRole('button', { name: filter }));

    expect(screen.getByRole('button', { name: filter })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'All' })).toHaveAttribute('aria-pressed', 'false');
    expect(shownTitles()).toEqual(titles);
    expect(screen.getByRole('status')).toHaveTextContent(`Showing ${titles.length} projects`);
  });

  it('returns to every item with All', async () => {
    const user = userEvent.setup();
    render(<Portfolio />);
    await user.click(screen.getByRole('button', { name: 'Branding' }));
    await user.click(screen.getByRole('button', { name: 'All' }));
    expect(shownTitles()).toHaveLength(12);
  });
});
