import type { Page } from '@playwright/test';
import { expect, test } from '@playwright/test';
import { waitForHydration } from './support/hydration';
import { walkNewsletterPages } from './support/newsletter-reader';
import { scrollThroughPage } from './support/page-watch';
import { openRefusedFormPage } from './support/plain-post';
import { findAxeViolations } from './support/axe';

/** Pages that load no script: nothing hydrates them, the inline theme script still runs. */
const SCRIPTLESS_PAGES = ['/privacy', '/contact/sent', '/newsletter/sent'];

/** Loads a page in a stored theme with the counters settled, so contrast is measured on final colours. */
async function open(page: Page, path: string, theme: 'light' | 'dark'): Promise<void> {
  await page.addInitScript((stored) => localStorage.setItem('theme', stored), theme);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto(path);
  if (!SCRIPTLESS_PAGES.includes(path)) await waitForHydration(page);
  await scrollThroughPage(page);
  await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
  await expect(page.locator('html')).toHaveClass(theme === 'dark' ? /\bdark\b/ : /^(?!.*\bdark\b)/);
}

for (const theme of ['light', 'dark'] as const) {
  test.describe(`${theme} theme`, () => {
    test('the landing page has no WCAG 2.2 AA violations', async ({ page }) => {
      await open(page, '/', theme);
      expect(await findAxeViolations(page)).toEqual([]);
    });

    test('the 404 page has no WCAG 2.2 AA violations', async ({ page }) => {
      await open(page, '/no-such-page', theme);
      expect(await findAxeViolations(page)).toEqual([]);
    });

    for (const path of SCRIPTLESS_PAGES) {
      test(`${path} has no WCAG 2.2 AA violations`, async ({ page }) => {
        await open(page, path, theme);
        expect(await findAxeViolations(page)).toEqual([]);
      });
    }

    for (const form of ['contact', 'newsletter'] as const) {
      test(`the ${form} form's page for a refused field has no WCAG 2.2 AA violations`, async ({
        page,
      }) => {
        await open(page, '/privacy', theme);
        await openRefusedFormPage(page, form);
        await expect(
          page.getByRole('textbox', { name: /Your name|Email address/ }).first(),
        ).toHaveAttribute('aria-invalid', 'true');
        expect(await findAxeViolations(page)).toEqual([]);
      });
    }

    test('every page behind a newsletter email link has no WCAG 2.2 AA violations', async ({
      page,
    }) => {
      await open(page, '/privacy', theme);
      await walkNewsletterPages(page, async (name) => {
        expect(await findAxeViolations(page), name).toEqual([]);
      });
    });

    test('the open phone menu has no WCAG 2.2 AA violations', async ({ page, isMobile }) => {
      test.skip(!isMobile, 'The menu toggle exists on small screens only.');
      await open(page, '/', theme);
      await page.getByRole('button', { name: 'Menu' }).click();
      await expect(page.getByRole('button', { name: 'Menu' })).toHaveAttribute(
        'aria-expanded',
        'true',
      );
      expect(await findAxeViolations(page)).toEqual([]);
    });
  });
}
