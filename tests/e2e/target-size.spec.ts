import type { Page } from '@playwright/test';
import { expect, test } from '@playwright/test';
import { waitForHydration } from './support/hydration';
import { walkNewsletterPages } from './support/newsletter-reader';
import { openRefusedFormPage } from './support/plain-post';

const MIN_TARGET_PX = 24;

/** Every visible control a pointer or finger can hit, with its rendered size. */
async function smallTargets(page: Page): Promise<string[]> {
  return page.evaluate((min) => {
    const controls = document.querySelectorAll<HTMLElement>(
      'a[href], button, input, select, textarea, summary, [tabindex]:not([tabindex="-1"])',
    );
    return Array.from(controls)
      .filter((element) => element.checkVisibility() && !element.closest('[aria-hidden="true"]'))
      .map((element) => ({ element, box: element.getBoundingClientRect() }))
      .filter(({ box }) => box.width < min || box.height < min)
      .map(({ element, box }) => {
        const name =
          element.getAttribute('aria-label') ?? element.textContent?.trim() ?? element.tagName;
        return `${element.tagName.toLowerCase()} "${name}": ${box.width.toFixed(1)}×${box.height.toFixed(1)}`;
      });
  }, MIN_TARGET_PX);
}

test('every control on the landing page is at least 24×24 CSS px', async ({ page }) => {
  await page.goto('/');
  await waitForHydration(page);
  expect(await smallTargets(page)).toEqual([]);
});

test('every control in the open phone menu is at least 24×24 CSS px', async ({
  page,
  isMobile,
}) => {
  test.skip(!isMobile, 'The menu toggle exists on small screens only.');
  await page.goto('/');
  await waitForHydration(page);
  await page.getByRole('button', { name: 'Menu' }).click();
  expect(await smallTargets(page)).toEqual([]);
});

test('the 404 page link is at least 24×24 CSS px', async ({ page }) => {
  await page.goto('/no-such-page');
  await waitForHydration(page);
  expect(await smallTargets(page)).toEqual([]);
});

test('every control on the privacy and sent pages is at least 24×24 CSS px', async ({ page }) => {
  for (const path of ['/privacy', '/contact/sent', '/newsletter/sent']) {
    await page.goto(path);
    expect(await smallTargets(page), path).toEqual([]);
  }
});

test('every control on a refused form page is at least 24×24 CSS px', async ({ page }) => {
  for (const form of ['contact', 'newsletter'] as const) {
    await openRefusedFormPage(page, form);
    expect(await smallTargets(page), form).toEqual([]);
  }
});

test('every control behind the newsletter email links is at least 24×24 CSS px', async ({
  page,
}) => {
  await walkNewsletterPages(page, async (name) => {
    expect(await smallTargets(page), name).toEqual([]);
  });
});
