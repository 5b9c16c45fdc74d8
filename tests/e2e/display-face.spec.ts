import type { Page } from '@playwright/test';
import { expect, test } from '@playwright/test';
import { BOOK_PATH } from '../../common/booking-page';
import { PRIVACY_PATH } from '../../src/content/privacy-links';

const DISPLAY_FONT = /\/assets\/fraunces-display-[\w-]+\.woff2$/;

/** The font the browser actually drew an element's text with (not what its CSS asks for). */
async function renderedFont(page: Page, selector: string): Promise<string> {
  const devtools = await page.context().newCDPSession(page);
  try {
    await devtools.send('DOM.enable');
    await devtools.send('CSS.enable');
    const { root } = await devtools.send('DOM.getDocument');
    const { nodeId } = await devtools.send('DOM.querySelector', { nodeId: root.nodeId, selector });
    const { fonts } = await devtools.send('CSS.getPlatformFontsForNode', { nodeId });
    const mostGlyphs = [...fonts].sort((a, b) => b.glyphCount - a.glyphCount)[0];
    return mostGlyphs?.familyName ?? 'none';
  } finally {
    await devtools.detach();
  }
}

function faceHasArrived(page: Page): Promise<unknown> {
  return page.waitForFunction(() =>
    [...document.fonts].some((face) => face.family === 'Fraunces' && face.status === 'loaded'),
  );
}

/** Size and place of the first screen's text, to the pixel. */
function firstScreenBoxes(page: Page): Promise<string[]> {
  return page.locator('h1, h1 ~ p, #main a[href="#contact"]').evaluateAll((elements) =>
    elements.map((element) => {
      const box = element.getBoundingClientRect();
      return `${element.tagName} ${Math.round(box.top)} ${Math.round(box.height)}`;
    }),
  );
}

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1440, height: 900 },
]) {
  test.describe(`at ${viewport.width}×${viewport.height}`, () => {
    test.use({ viewport });

    test('the display face is fetched after the first paint, then sets the headings and moves no line', async ({
      page,
    }) => {
      await page.goto('/');
      await faceHasArrived(page);
      const timing = await page.evaluate(() => ({
        firstPaint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN,
        fontRequested:
          performance
            .getEntriesByType('resource')
            .find((entry) => entry.name.includes('/assets/fraunces-display-'))?.startTime ?? NaN,
      }));
      expect(timing.fontRequested, 'the font is asked for after the first paint').toBeGreaterThan(
        timing.firstPaint,
      );
      expect(await renderedFont(page, 'h1')).toBe('Fraunces');
      const withFace = await firstScreenBoxes(page);

      // The same page before the face arrived: the metric-matched fallback serif.
      await page.evaluate(() => {
        for (const face of [...document.fonts])
          if (face.family === 'Fraunces') document.fonts.delete(face);
      });
      await expect.poll(() => renderedFont(page, 'h1')).not.toBe('Fraunces');
      expect(withFace.length, 'the heading, tagline and call to action were measured').toBe(3);
      expect(await firstScreenBoxes(page)).toEqual(withFace);
    });
  });
}

test('the booking page asks for its script and the face after the first paint, then sets the headings in it', async ({
  page,
}) => {
  await page.goto(BOOK_PATH);
  await faceHasArrived(page);
  const timing = await page.evaluate(() => {
    const requested = (part: string) =>
      performance.getEntriesByType('resource').find((entry) => entry.name.includes(part))
        ?.startTime ?? NaN;
    return {
      firstPaint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN,
      script: requested('/assets/booking-times-'),
      font: requested('/assets/fraunces-display-'),
    };
  });
  expect(timing.script, 'the script is asked for after the first paint').toBeGreaterThan(
    timing.firstPaint,
  );
  expect(timing.font, 'the font is asked for after the first paint').toBeGreaterThan(
    timing.firstPaint,
  );
  await expect(page.locator('link[rel="preload"][as="font"]')).toHaveCount(0);
  expect(await renderedFont(page, 'h1')).toBe('Fraunces');
});

test('a face that arrives late is left for the next page view instead of changing the headings', async ({
  page,
}) => {
  let served = false;
  await page.route(DISPLAY_FONT, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    await route.continue();
    served = true;
  });
  await page.goto('/');
  await expect.poll(() => served, { timeout: 30_000 }).toBe(true);
  // A window: give the late face every chance to be (wrongly) swapped in; no event says it was not.
  await page.waitForTimeout(300);
  expect(await renderedFont(page, 'h1')).not.toBe('Fraunces');
  const added = await page.evaluate(() =>
    [...document.fonts].some((face) => face.family === 'Fraunces'),
  );
  expect(added, 'the late face was not added to the page').toBe(false);
});

test('a page without script declares and preloads the face itself', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(request.url());
  });
  await page.goto(PRIVACY_PATH, { waitUntil: 'networkidle' });
  expect(scripts).toEqual([]);
  await expect(page.locator('link[rel="preload"][as="font"]')).toHaveAttribute(
    'href',
    DISPLAY_FONT,
  );
  expect(await renderedFont(page, 'h1')).toBe('Fraunces');
});

test.describe('with JavaScript off', () => {
  test.use({ javaScriptEnabled: false });

  for (const path of ['/', BOOK_PATH]) {
    test(`${path} still asks for the face`, async ({ page }) => {
      const fonts: string[] = [];
      page.on('request', (request) => {
        if (DISPLAY_FONT.test(new URL(request.url()).pathname)) fonts.push(request.url());
      });
      await page.goto(path, { waitUntil: 'networkidle' });
      expect(fonts).toHaveLength(1);
    });
  }
});
