import type { Page } from '@playwright/test';
import { expect, test } from '@playwright/test';
import { waitForHydration } from './support/hydration';
import { section } from './support/sections';

const FINAL_VALUES = ['500+', '200+', '25+'];

/** The digits people see; screen readers get the final value from a separate text. */
function shownCounters(page: Page) {
  return section(page, 'about').getByRole('definition').locator('[aria-hidden="true"]');
}

async function scrollAboutIntoView(page: Page): Promise<void> {
  await section(page, 'about')
    .getByRole('heading', { level: 2 })
    .evaluate((heading) => heading.scrollIntoView({ block: 'start', behavior: 'instant' }));
}

test('the prerendered HTML carries the final numbers for crawlers and no-JS readers', async ({
  request,
}) => {
  const html = await (await request.get('/')).text();
  // React separates adjacent text nodes with empty comments; a reader sees them joined.
  const text = html.replaceAll('<!-- -->', '');
  for (const value of FINAL_VALUES) expect(text).toContain(`${value}<`);
});

test('with JavaScript the counters drop to 0 before they scroll into view, then count up once', async ({
  page,
}) => {
  await page.goto('/');
  await waitForHydration(page);
  // Half a screen short of the section: it is not on screen yet, but within a screen of it.
  await section(page, 'about').evaluate((about) => {
    const top = about.getBoundingClientRect().top + window.scrollY;
    window.scrollTo({ top: top - window.innerHeight * 1.5, behavior: 'instant' });
  });
  await expect(section(page, 'about')).not.toBeInViewport();
  await expect(shownCounters(page)).toHaveText(['0+', '0+', '0+']);
  await scrollAboutIntoView(page);
  await expect(shownCounters(page)).toHaveText(FINAL_VALUES, { timeout: 30_000 });
  await expect(section(page, 'about').getByRole('term')).toHaveText([
    'Projects Delivered',
    'Happy Clients',
    'Years Experience',
  ]);
});

test.describe('with reduced motion', () => {
  test.use({ reducedMotion: 'reduce' });

  test('the counters show their final values at once', async ({ page }) => {
    await page.goto('/');
    await waitForHydration(page);
    await scrollAboutIntoView(page);
    await page.evaluate(
      () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
    );
    // Read once, no retry: a count-up would show small numbers a couple of frames in.
    expect(await shownCounters(page).allTextContents()).toEqual(FINAL_VALUES);
  });
});
