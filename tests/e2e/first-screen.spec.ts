import type { Browser } from '@playwright/test';
import { expect, test } from '@playwright/test';

/**
 * The first screen is painted from the rules inlined in the head; the whole stylesheet is linked
 * after it (decision 0079). If those rules missed one the first screen uses, the screen would
 * look different until the file arrived: so it is shot with the file held back and with it
 * loaded, and the two must be the same, pixel for pixel, at both sizes and in both themes.
 */
const SCREENS = [
  {
    name: 'phone',
    device: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
  },
  {
    name: 'desktop',
    device: { viewport: { width: 1440, height: 900 }, isMobile: false, hasTouch: false },
  },
] as const;
const THEMES = ['light', 'dark'] as const;

async function firstScreen(
  browser: Browser,
  screen: (typeof SCREENS)[number],
  theme: (typeof THEMES)[number],
  holdStylesheet: boolean,
): Promise<Buffer> {
  const context = await browser.newContext({ ...screen.device, reducedMotion: 'reduce' });
  const page = await context.newPage();
  await page.addInitScript((stored) => localStorage.setItem('theme', stored), theme);
  // The display face arrives when it arrives (font-display: optional): left out of both shots.
  await page.route(/\.woff2$/, (route) => route.abort());
  let released: (() => void) | undefined;
  if (holdStylesheet) {
    await page.route(/\/assets\/index-[\w-]+\.css$/, async (route) => {
      await new Promise<void>((resolve) => (released = resolve));
      await route.continue().catch(() => undefined);
    });
  }
  // Held, the file keeps the parser waiting after the first screen: no DOMContentLoaded yet.
  await page.goto('/', { waitUntil: holdStylesheet ? 'commit' : 'load' });
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const shot = await page.screenshot();
  released?.();
  await context.close();
  return shot;
}

for (const screen of SCREENS) {
  for (const theme of THEMES) {
    test(`the first screen needs nothing of the linked stylesheet (${screen.name}, ${theme})`, async ({
      browser,
    }) => {
      const early = await firstScreen(browser, screen, theme, true);
      const complete = await firstScreen(browser, screen, theme, false);
      expect(early.equals(complete), 'the first screen looks the same before the file').toBe(true);
    });
  }
}

/**
 * Chromium's parser yields every 10 ms of work; a frame drawn at a yield could hold the header
 * without the hero, and the page's largest paint would come a frame later. The head's
 * `<link rel="expect">` holds frames until the hero's last part is in the page (decision 0127).
 * On a phone twenty times slower than this machine the yields fall inside the first screen: the
 * first frame must still hold the hero, and be the page's largest paint.
 */
test('the first frame holds the whole hero, on a slow phone too', async ({ browser }) => {
  const context = await browser.newContext(SCREENS[0].device);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 20 });
  await page.addInitScript(() => {
    const largest: { atMs: number; isInHero: boolean }[] = [];
    Object.assign(window, { largestPaints: largest });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as LargestContentfulPaint[]) {
        const isInHero = entry.element?.closest('[aria-labelledby="hero-title"]') != null;
        largest.push({ atMs: entry.startTime, isInHero });
      }
    }).observe({ type: 'largest-contentful-paint', buffered: true });
  });
  await page.goto('/');
  const paints = await page.waitForFunction(() => {
    const largest = (window as unknown as { largestPaints: unknown[] }).largestPaints;
    const [first] = performance.getEntriesByName('first-contentful-paint');
    return first && largest.length > 0 ? { firstMs: first.startTime, largest } : null;
  });
  const { firstMs, largest } = (await paints.jsonValue()) as {
    firstMs: number;
    largest: { atMs: number; isInHero: boolean }[];
  };
  expect(largest[0], 'the first largest paint is the hero’s, in the first frame').toEqual({
    atMs: firstMs,
    isInHero: true,
  });
  await context.close();
});

/**
 * The icons below the first screen are boxes painted through their views of one icon file,
 * fetched as an image, so the largest paint never waits on it (decision 0084). Without its
 * mask an icon would be a filled square: each must draw its outline.
 */
test('the icons below the first screen are drawn from the icon file, fetched as an image', async ({
  page,
}) => {
  const iconFileTypes: string[] = [];
  page.on('request', (request) => {
    if (/\/assets\/sprite-[\w-]+\.svg/.test(request.url()))
      iconFileTypes.push(request.resourceType());
  });
  await page.goto('/');
  const icons = page.locator('span.icon');
  await expect(icons).not.toHaveCount(0);
  for (const icon of await icons.all()) {
    await icon.scrollIntoViewIfNeeded();
    const drawn = await icon.screenshot();
    await icon.evaluate((element) => ((element as HTMLElement).style.maskImage = 'none'));
    const filled = await icon.screenshot();
    expect(drawn.equals(filled), 'the icon draws an outline, not a square').toBe(false);
  }
  expect(new Set(iconFileTypes)).toEqual(new Set(['image']));
});

/**
 * After the first screen the page links only the rest of the stylesheet: the whole of it less
 * what the inline rules already declare (decision 0124). Every element of the page, and its
 * ::before and ::after, must end with the style the whole stylesheet gives it, at both sizes
 * and in both themes: the rest is swapped for the whole stylesheet and every computed value
 * compared.
 */
async function computedStyles(
  browser: Browser,
  screen: (typeof SCREENS)[number],
  theme: (typeof THEMES)[number],
  withWholeStylesheet: boolean,
): Promise<Map<string, string>> {
  const context = await browser.newContext({ ...screen.device, reducedMotion: 'reduce' });
  const page = await context.newPage();
  await page.addInitScript((stored) => localStorage.setItem('theme', stored), theme);
  if (withWholeStylesheet) {
    await page.route(/\/assets\/index-[\w]+-rest-[\w-]+\.css$/, async (route) => {
      const whole = route
        .request()
        .url()
        .replace(/-rest-[\w-]+\.css$/, '.css');
      await route.fulfill({ response: await route.fetch({ url: whole }) });
    });
  }
  await page.goto('/', { waitUntil: 'networkidle' });
  // Keyed by the element's place in the document: the islands may have added an element or two
  // by now, in one load and not yet in the other.
  const styles = await page.evaluate(() => {
    const placeOf = (element: Element): string =>
      element.parentElement === null
        ? element.localName
        : `${placeOf(element.parentElement)}>${element.localName}:${[...element.parentElement.children].indexOf(element)}`;
    return [...document.querySelectorAll('*')].flatMap((element) =>
      [null, '::before', '::after'].map((pseudo) => {
        const style = getComputedStyle(element, pseudo);
        const values = [...style].map(
          (property) => `${property}:${style.getPropertyValue(property)}`,
        );
        // Sorted: custom properties are listed in the order their rules were met.
        return [`${placeOf(element)}${pseudo ?? ''}`, values.sort().join(';')] as const;
      }),
    );
  });
  await context.close();
  return new Map(styles);
}

for (const screen of SCREENS) {
  for (const theme of THEMES) {
    test(`the rest of the stylesheet styles the page as the whole one did (${screen.name}, ${theme})`, async ({
      browser,
    }) => {
      const rest = await computedStyles(browser, screen, theme, false);
      const whole = await computedStyles(browser, screen, theme, true);
      const compared = [...rest.keys()].filter((place) => whole.has(place));
      expect(compared.length).toBeGreaterThan(0.95 * Math.max(rest.size, whole.size));
      const differing = compared.filter((place) => rest.get(place) !== whole.get(place));
      const unlike = differing.slice(0, 3).map((place) => {
        const ours = (rest.get(place) ?? '').split(';');
        const theirs = new Set((whole.get(place) ?? '').split(';'));
        return `${place}: ${ours.filter((value) => !theirs.has(value)).join('; ')}`;
      });
      expect(unlike).toEqual([]);
    });
  }
}
