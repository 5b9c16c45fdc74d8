// @vitest-environment jsdom
import { createHash } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { SiteContent } from '../../common/site-content';
import { siteContent } from '../../common/site-content';
import { inlineScriptHashes, inlineStyleHashes } from '../../scripts/prerender/csp';
import {
  islandPropsAreValid,
  islandsOf,
  loadBuiltRenderer,
  parseHtml,
  type BuiltRenderer,
} from './helpers/built-renderer';

/**
 * Markup, a script's end, a comment's start and String.replace's patterns, typed into fields. A
 * label holds at most 60 characters, so the short one goes there.
 */
const HOSTILE = `</script><script>alert(1)</script><!--<img src=x onerror=alert(2)>$'$&`;
const HOSTILE_LABEL = `</script><!--<b>bold</b>$'$&`;

function hostileDocument(seed: SiteContent): SiteContent {
  const [project, ...projects] = seed.portfolio.items;
  const [testimonial, ...testimonials] = seed.testimonials.items;
  const [counter, ...counters] = seed.about.counters;
  if (!project || !testimonial || !counter) throw new Error('The seed lacks a list item.');
  // Parsed as a publish is: the schema lets every one of these through, as text.
  return siteContent.parse({
    ...seed,
    meta: { title: HOSTILE, description: HOSTILE },
    hero: { ...seed.hero, eyebrow: HOSTILE_LABEL, tagline: HOSTILE },
    portfolio: {
      ...seed.portfolio,
      items: [{ ...project, title: HOSTILE_LABEL, description: HOSTILE }, ...projects],
    },
    about: {
      ...seed.about,
      counters: [{ ...counter, label: HOSTILE_LABEL }, ...counters],
      award: { title: HOSTILE, text: HOSTILE },
    },
    testimonials: {
      ...seed.testimonials,
      items: [{ ...testimonial, quote: HOSTILE, author: HOSTILE_LABEL }, ...testimonials],
    },
    contact: { ...seed.contact, phone: HOSTILE_LABEL, visit: HOSTILE_LABEL },
    footer: { ...seed.footer, tagline: HOSTILE, copyright: HOSTILE },
  });
}

const scriptKinds = (page: Document) =>
  [...page.querySelectorAll('script')].map((script) => script.getAttribute('type') ?? 'executable');

const sha256 = (body: string) => `sha256-${createHash('sha256').update(body).digest('base64')}`;

describe('text typed into the content document', () => {
  let built: BuiltRenderer;
  let html: string;
  let page: Document;
  beforeAll(async () => {
    built = await loadBuiltRenderer();
    html = built.renderSite(hostileDocument(built.seed), new Date()).indexHtml;
    page = parseHtml(html);
  });

  it('appears on the page as the characters typed, never as markup', () => {
    expect(page.title).toBe(HOSTILE);
    expect(page.querySelector('meta[name="description"]')?.getAttribute('content')).toBe(HOSTILE);
    expect(page.querySelector('#hero-title + p')?.textContent).toBe(HOSTILE);
    expect(page.querySelector('#testimonials blockquote')?.textContent).toBe(HOSTILE);
    expect(page.querySelector('#portfolio h3')?.textContent).toBe(HOSTILE_LABEL);
    expect(page.querySelector('#portfolio h3 + p')?.textContent).toBe(HOSTILE);
    expect(page.querySelector('#about dt')?.textContent).toBe(HOSTILE_LABEL);
    expect(page.querySelector('footer')?.textContent).toContain(HOSTILE);
    // Nothing typed became an element: no image, no bold text, no extra script.
    expect(page.querySelectorAll('img[src="x"], b')).toHaveLength(0);
    const seedPage = parseHtml(built.renderSite(built.seed, new Date()).indexHtml);
    expect(scriptKinds(page)).toEqual(scriptKinds(seedPage));
    // The page ends as the template does: nothing typed closed the body early.
    expect(page.body.lastElementChild?.outerHTML).toBe(seedPage.body.lastElementChild?.outerHTML);
  });

  it('reaches the structured data and the islands intact, without closing their scripts', async () => {
    for (const script of page.querySelectorAll('script[type^="application/"]')) {
      expect(script.textContent).not.toMatch(/[<>]/);
    }
    const jsonLd = page.querySelector('script[type="application/ld+json"]')?.textContent ?? '';
    expect(JSON.parse(jsonLd)).toMatchObject({
      description: HOSTILE,
      slogan: HOSTILE,
      telephone: HOSTILE_LABEL,
      award: HOSTILE,
    });
    // The projects are no longer in any island's props (decision 0066); a counter's label is.
    const props = JSON.stringify(islandsOf(page).map((island) => island.props));
    expect(props).toContain(JSON.stringify(HOSTILE_LABEL));
    expect(Object.values(await islandPropsAreValid(page))).not.toContain(false);
  });

  it('needs no CSP hash the build did not record: no content runs as script or style', () => {
    expect(built.hashes.scripts).toEqual(expect.arrayContaining(inlineScriptHashes(html)));
    expect(built.hashes.styles).toEqual(expect.arrayContaining(inlineStyleHashes(html)));
    // And nothing executable carries a word of the document.
    for (const script of page.querySelectorAll('script:not([type])')) {
      expect(built.hashes.scripts).toContain(sha256(script.textContent));
      expect(script.textContent).not.toContain('alert');
    }
  });
});
