import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { siteHeaderProps } from './nav';
import { SiteHeader } from './site-header';

function renderNav() {
  render(<SiteHeader {...siteHeaderProps} />);
  const toggle = screen.getByRole('button', { name: 'Menu' });
  const menu = document.getElementById(toggle.getAttribute('aria-controls') ?? '');
  if (!menu) throw new Error('The toggle controls no element');
  return { toggle, menu };
}

describe('SiteHeader', () => {
  it('links to every section, with Contact as the call to action', () => {
    render(<SiteHeader {...siteHeaderProps} />);
    const main = screen.getByRole('navigation', { name: 'Main' });
    const hrefs = within(main)
      .getAllByRole('link')
      .map((link) => link.getAttribute('href'));
    expect(hrefs).toEqual(
      expect.arrayContaining(['#services', '#portfolio', '#about', '#contact']),
    );
  });

  it('opens and closes the phone menu with its toggle', async () => {
    const user = userEvent.setup();
    const { toggle, menu } = renderNav();
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(menu).toHaveClass('hidden');

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(menu).not.toHaveClass('hidden');

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });

  it('closes on Escape and gives focus back to the toggle', async () => {
    const user = userEvent.setup();
    const { toggle, menu } = renderNav();
    await user.click(toggle);
    within(menu).getByRole('link', { name: 'Portfolio' }).focus();

    await user.keyboard('{Escape}');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveFocus();
  });

  it('closes after a link is chosen', async () => {
    const user = userEvent.setup();
    const { toggle, menu } = renderNav();
    await user.click(toggle);
    await user.click(within(menu).getByRole('link', { name: 'Contact' }));
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(menu).toHaveClass('hidden');
  });
});
