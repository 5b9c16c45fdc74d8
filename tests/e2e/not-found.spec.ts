import { expect, test } from '@playwright/test';

test('an unknown path answers 404 with a way home, and logs the path', async ({ page }) => {
  const logged: string[] = [];
  page.on('console', (message) => logged.push(message.text()));

  const response = await page.goto('/no-such-page');
  expect(response?.status()).toBe(404);
  expect(response?.headers()['content-type']).toContain('text/html');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('404');
  await expect(page.getByText('Page not found', { exact: true })).toBeVisible();
  const home = page.getByRole('link', { name: 'Return to Home' });
  await expect(home).toHaveAttribute('href', '/');
  // Styled by the whole stylesheet, not only the landing's first-screen rules: the number in
  // the display size (text-8xl), the page's one screen centred.
  const heading = page.getByRole('heading', { level: 1 });
  await expect(heading).toHaveCSS('font-size', '96px');
  expect((await heading.boundingBox())?.y).toBeGreaterThan(100);
  await expect.poll(() => logged.some((text) => text.includes('/no-such-page'))).toBe(true);

  await home.click();
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Ember & Ink');
});

test('a deeper unknown path gets the same page and status', async ({ request }) => {
  const response = await request.get('/work/2019/old-case-study?ref=mail');
  expect(response.status()).toBe(404);
  expect(await response.text()).toContain('Page not found');
});
