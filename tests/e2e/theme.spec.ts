import type { Page } from '@playwright/test';
import { expect, test } from '@playwright/test';
import { waitForHydration } from './support/hydration';

declare global {
  interface Window {
    /** Whether <html> was dark when <body> first appeared, before anything could paint. */
    darkAtFirstBody?: boolean;
    darkAtDomContentLoaded?: boolean;
  }
}

const html = (page: Page) => page.locator('html');
const themeButton = (page: Page, name: 'Light theme' | 'Dark theme' | 'System theme') =>
  page.getByRole('group', { name: 'Colour theme' }).getByRole('button', { name });

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => {
    const observer = new MutationObserver(() => {
      if (!document.body) return;
      window.darkAtFirstBody = document.documentElement.classList.contains('dark');
      observer.disconnect();
    });
    observer.observe(document, { childList: true, subtree: true });
    document.addEventListener('DOMContentLoaded', () => {
      window.darkAtDomContentLoaded = document.documentElement.classList.contains('dark');
    });
  });
});

test('the site is light by default, even when the system prefers dark', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto('/');
  await waitForHydration(page);
  await expect(html(page)).not.toHaveClass(/\bdark\b/);
  await expect(themeButton(page, 'Light theme')).toHaveAttribute('aria-pressed', 'true');
  expect(await page.evaluate(() => window.darkAtFirstBody)).toBe(false);
});

test('choosing Dark is remembered and applied before the first paint on reload', async ({
  page,
}) => {
  await page.goto('/');
  await waitForHydration(page);
  await themeButton(page, 'Dark theme').click();
  await expect(html(page)).toHaveClass(/\bdark\b/);
  await expect(themeButton(page, 'Dark theme')).toHaveAttribute('aria-pressed', 'true');
  expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');
  const darkPaper = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);

  await page.reload();
  expect(await page.evaluate(() => window.darkAtFirstBody)).toBe(true);
  expect(await page.evaluate(() => window.darkAtDomContentLoaded)).toBe(true);
  await waitForHydration(page);
  await expect(html(page)).toHaveClass(/\bdark\b/);
  await expect(themeButton(page, 'Dark theme')).toHaveAttribute('aria-pressed', 'true');
  expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe(
    darkPaper,
  );

  await themeButton(page, 'Light theme').click();
  await expect(html(page)).not.toHaveClass(/\bdark\b/);
  expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('light');
});

test('System follows the colour scheme the device reports, live', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto('/');
  await waitForHydration(page);
  await themeButton(page, 'System theme').click();
  await expect(html(page)).toHaveClass(/\bdark\b/);
  expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('system');

  await page.emulateMedia({ colorScheme: 'light' });
  await expect(html(page)).not.toHaveClass(/\bdark\b/);
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(html(page)).toHaveClass(/\bdark\b/);

  await page.reload();
  expect(await page.evaluate(() => window.darkAtFirstBody)).toBe(true);
  await page.emulateMedia({ colorScheme: 'light' });
  await page.reload();
  expect(await page.evaluate(() => window.darkAtFirstBody)).toBe(false);
});
