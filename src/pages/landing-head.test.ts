import { describe, expect, it } from 'vitest';
import { BUILD_LANDING } from '../../common/landing-options';
import { createSiteContentSeed } from '../content/site-content-seed';
import { renderLanding } from '../entry-server';
import { landingHead } from './landing-head';

const SITE_URL = 'https://emberandink.example';

/** The landing page as the server joins it: the head's lines, then the rendered body. */
function landingPage(content = createSiteContentSeed()): Document {
  const html = `<!doctype html><html><head>${landingHead(content, SITE_URL)}</head><body>${renderLanding(content, BUILD_LANDING)}</body></html>`;
  return new DOMParser().parseFromString(html, 'text/html');
}

describe('the landing head holds frames until the hero is parsed (decision 0127)', () => {
  it('names, in a render-blocking expect link, the last part of the hero', () => {
    const page = landingPage();
    const links = page.head.querySelectorAll('link[rel="expect"]');
    expect(links).toHaveLength(1);
    const link = links[0];
    expect(link?.getAttribute('blocking')).toBe('render');
    const id = link?.getAttribute('href')?.replace(/^#/, '') ?? '';
    expect(page.querySelectorAll(`[id="${id}"]`)).toHaveLength(1);
    // Chromium lets frames through once the part's start is parsed: all the hero's text but the
    // part's own must come before it, and nothing of the hero after it (its boxes aside).
    const part = page.getElementById(id);
    const hero = page.querySelector('section[aria-labelledby="hero-title"]');
    const heroElements = [...(hero?.querySelectorAll('*') ?? [])];
    const outside = heroElements.filter(
      (element) => !part?.contains(element) && !element.contains(part),
    );
    expect(outside.map((element) => element.tagName)).toEqual(expect.arrayContaining(['H1', 'P']));
    for (const element of outside) {
      expect(part?.compareDocumentPosition(element)).toBe(Node.DOCUMENT_POSITION_PRECEDING);
    }
  });

  it('still finds its part when the studio has taken every highlight away', () => {
    const content = createSiteContentSeed();
    const page = landingPage({ ...content, hero: { ...content.hero, highlights: [] } });
    const id = page.head.querySelector('link[rel="expect"]')?.getAttribute('href')?.slice(1) ?? '';
    expect(page.getElementById(id)).not.toBeNull();
  });
});
