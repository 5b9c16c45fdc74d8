import { act } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BUILD_LANDING } from '../../common/landing-options';
import { createSiteContentSeed } from '../content/site-content-seed';
import { render as prerender } from '../entry-server';
import { serializeJsonForScript } from '../lib/json-in-script';
import { hydrateIsland } from './hydrate-island';
import { ISLANDS } from './registry';

function propsOf(island: Element): unknown {
  return JSON.parse(island.nextElementSibling?.textContent ?? 'null');
}

/** Hydrates inside act, which runs the effect that resolves the hydration. */
async function hydrateInAct(...args: Parameters<typeof hydrateIsland>): Promise<void> {
  let hydrated = Promise.resolve();
  await act(() => {
    hydrated = hydrateIsland(...args);
    return Promise.resolve();
  });
  await hydrated;
}

function mount(path: string): HTMLElement {
  const container = document.createElement('div');
  container.innerHTML = prerender(path, createSiteContentSeed(), BUILD_LANDING);
  document.body.append(container);
  return container;
}

afterEach(() => document.body.replaceChildren());

describe('islands', () => {
  it('are the only live parts of the landing page, each without a warning', async () => {
    const container = mount('/');
    const islands = [...container.querySelectorAll<HTMLElement>('[data-island]')];
    expect(islands.map((island) => island.getAttribute('data-island')).sort()).toEqual([
      'contact-form',
      'counters',
      'newsletter-form',
      'portfolio-filter',
      'site-header',
    ]);
    // console.error throws (test-setup): a hydration mismatch fails the test.
    for (const island of islands) {
      const entry = ISLANDS[island.getAttribute('data-island') ?? ''];
      if (entry === undefined) throw new Error('an island the registry does not know');
      if ('controls' in entry) {
        (await entry.controls())(island);
        continue;
      }
      const { island: definition } = await entry.load();
      await hydrateInAct(island, definition, propsOf(island));
    }
    container.querySelector<HTMLButtonElement>('button[aria-controls="mobile-menu"]')?.click();
    expect(container.querySelector('#mobile-menu')).not.toHaveClass('hidden');
  });

  it('names in the registry a module whose island has the same name', async () => {
    for (const [name, entry] of Object.entries(ISLANDS)) {
      if ('load' in entry) expect((await entry.load()).island.name).toBe(name);
    }
  });

  it('need no React for the header, and nothing beside it in the page', () => {
    const header = mount('/').querySelector('[data-island="site-header"]');
    expect(header?.nextElementSibling?.hasAttribute('data-island-props')).toBe(false);
  });

  it('refuse props that do not fit, and leave the HTML as it was', async () => {
    const container = mount('/');
    const island = container.querySelector('[data-island="portfolio-filter"]');
    if (!island) throw new Error('no portfolio island');
    const before = island.innerHTML;
    const { island: definition } = await import('../sections/portfolio/portfolio-filter.island');
    await expect(hydrateIsland(island, definition, { filters: 'All' })).rejects.toThrow(
      'portfolio-filter',
    );
    expect(island.innerHTML).toBe(before);
  });

  it('write props that no text in them can break out of', () => {
    const hostile = { text: '</script><script>alert(1)</script><!--\u2028&' };
    const serialized = serializeJsonForScript(hostile);
    expect(serialized).not.toMatch(/[<>&\u2028]/);
    expect(JSON.parse(serialized)).toEqual(hostile);
  });

  it('report the missing path of the not-found page in the console', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const container = mount('/missing');
    const island = container.querySelector('[data-island="missing-page-report"]');
    if (!island) throw new Error('no report island');
    const { island: definition } = await import('../pages/missing-page-report.island');
    await hydrateInAct(island, definition, propsOf(island));
    expect(logged).toHaveBeenCalledWith(expect.stringContaining('404'), window.location.pathname);
  });
});
