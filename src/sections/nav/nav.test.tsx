import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { Nav } from './nav';
import { controlSiteHeader } from './site-header-controls';

/** The header as the server sends it, made to respond by its plain controls, as in the page. */
function renderNav() {
  document.body.innerHTML = renderToStaticMarkup(<Nav />);
  const header = document.querySelector<HTMLElement>('[data-island="site-header"]');
  if (!header) throw new Error('The header has no island box');
  controlSiteHeader(header);
  const toggle = screen.getByRole('button', { name: 'Menu' });
  const menu = document.getElementById(toggle.getAttribute('aria-controls') ?? '');
  if (!menu) throw new Error('The toggle controls no element');
  return { toggle, menu };
}

afterEach(() => {
  document.body.replaceChildren();
  document.documentElement.classList.remove('dark');
  window.localStorage.clear();
});

describe('the site header', () => {
  it('links to every section, with Contact as the call to action', () => {
    renderNav();
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
    expect(menu).toHaveClass('hidden');
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

  it('keeps and applies a theme choice, pressed in the header and in the menu alike', async () => {
    const user = userEvent.setup();
    renderNav();
    const [inHeader, inMenu] = screen.getAllByRole('button', { name: 'Dark theme' });
    if (!inHeader || !inMenu) throw new Error('Two theme controls expected');
    await user.click(inHeader);
    expect(document.documentElement).toHaveClass('dark');
    expect(window.localStorage.getItem('theme')).toBe('dark');
    expect(inMenu).toHaveAttribute('aria-pressed', 'true');
    for (const light of screen.getAllByRole('button', { name: 'Light theme' })) {
      expect(light).toHaveAttribute('aria-pressed', 'false');
    }
  });
});
