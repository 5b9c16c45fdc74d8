import { expect, test, type Page } from '@playwright/test';
import { waitForHydration } from './support/hydration';
import { scrollThroughPage, watchPage } from './support/page-watch';
import { E2E_ORIGIN } from './support/server-origin';
import { BOOK_PATH } from '../../common/booking-page';

/** Opens the landing page, lets it hydrate and scrolls through it, so every section loads. */
async function visitLandingPage(page: Page) {
  const watch = await watchPage(page, E2E_ORIGIN);
  const response = await page.goto('/', { waitUntil: 'networkidle' });
  await waitForHydration(page);
  await scrollThroughPage(page);
  await page.waitForLoadState('networkidle');
  return { watch, response };
}

test('the landing page loads with no console errors or warnings, hydration included', async ({
  page,
}) => {
  const { watch } = await visitLandingPage(page);
  expect(watch.problems).toEqual([]);
});

test('the landing page breaks no Content-Security-Policy rule and calls no other origin', async ({
  page,
}) => {
  const { watch, response } = await visitLandingPage(page);
  expect(response?.headers()['content-security-policy']).toContain("default-src 'self'");
  expect(await watch.cspViolations()).toEqual([]);
  expect(watch.problems.filter(({ text }) => /content security policy/i.test(text))).toEqual([]);
  expect(watch.foreignRequests).toEqual([]);
});

test('the 404 page breaks no Content-Security-Policy rule and calls no other origin', async ({
  page,
}) => {
  const watch = await watchPage(page, E2E_ORIGIN);
  const response = await page.goto('/no-such-page', { waitUntil: 'networkidle' });
  expect(response?.status()).toBe(404);
  expect(response?.headers()['content-security-policy']).toContain("default-src 'self'");
  await waitForHydration(page);
  expect(await watch.cspViolations()).toEqual([]);
  // Allowed: the app's message naming the missing path, and Chromium's note of the 404 status.
  const unexpected = watch.problems.filter(
    ({ text, url }) =>
      !text.includes('/no-such-page') &&
      !(url.endsWith('/no-such-page') && text.includes('status of 404')),
  );
  expect(unexpected).toEqual([]);
  expect(watch.problems.some(({ text }) => text.includes('/no-such-page'))).toBe(true);
  expect(watch.foreignRequests).toEqual([]);
});

test.describe('for a visitor outside the studio’s zone', () => {
  test.use({ timezoneId: 'America/New_York' });

  test('the booking page, its script run, breaks no Content-Security-Policy rule and calls no other origin', async ({
    page,
  }) => {
    const watch = await watchPage(page, E2E_ORIGIN);
    const response = await page.goto(BOOK_PATH);
    expect(response?.headers()['content-security-policy']).toContain("default-src 'self'");
    // The visitor's zone is the script's work: it ran, imported by the inline loader.
    await expect(page.getByLabel('Your time:')).toHaveValue('America/New_York');
    await page.waitForLoadState('networkidle');
    expect(await watch.cspViolations()).toEqual([]);
    expect(watch.problems).toEqual([]);
    expect(watch.foreignRequests).toEqual([]);
  });
});
