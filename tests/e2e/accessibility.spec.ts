import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from '@playwright/test';
import { waitForHydration } from './support/hydration';
import { walkNewsletterPages } from './support/newsletter-reader';
import { scrollThroughPage } from './support/page-watch';
import { openRefusedFormPage } from './support/plain-post';

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

async function axeViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  return results.violations.map(
    (violation) =>
      `${violation.id} (${violation.impact ?? 'n/a'}): ${violation.help}\n` +
      violation.nodes
        .map((node) => `    ${node.target.join(' ')}: ${node.failureSummary ?? ''}`)
        .join('\n'),
  );
}

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
      expect(await axeViolations(page)).toEqual([]);
    });

    test('the 404 page has no WCAG 2.2 AA violations', async ({ page }) => {
      await open(page, '/no-such-page', theme);
      expect(await axeViolations(page)).toEqual([]);
    });

    for (const path of SCRIPTLESS_PAGES) {
      test(`${path} has no WCAG 2.2 AA violations`, async ({ page }) => {
        await open(page, path, theme);
        expect(await axeViolations(page)).toEqual([]);
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
        expect(await axeViolations(page)).toEqual([]);
      });
    }

    test('every page behind a newsletter email link has no WCAG 2.2 AA violations', async ({
      page,
    }) => {
      await open(page, '/privacy', theme);
      await walkNewsletterPages(page, async (name) => {
        expect(await axeViolations(page), name).toEqual([]);
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
      expect(await axeViolations(page)).toEqual([]);
    });
  });
}
