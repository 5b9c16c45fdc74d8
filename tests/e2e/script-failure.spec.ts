import { expect, test } from '@playwright/test';

test('when the app script cannot load, the page falls back to its no-JavaScript form', async ({
  page,
}) => {
  let blocked = '';
  await page.route(/\/assets\/index-[\w-]+\.js$/, (route) => {
    blocked = route.request().url();
    return route.abort('connectionfailed');
  });
  await page.goto('/');
  await expect(page.locator('html')).toHaveClass(/\bno-js\b/);
  expect(blocked, 'the app script was requested after the first paint').not.toBe('');
  // The controls that need the script are hidden again; the section links work natively.
  await expect(page.getByRole('group', { name: 'Colour theme' })).toHaveCount(0);
  await expect(
    page.getByRole('banner').getByRole('link', { name: 'Contact', exact: true }),
  ).toBeVisible();
});
