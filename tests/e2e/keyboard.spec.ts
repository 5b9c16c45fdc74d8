import { expect, test } from '@playwright/test';
import { waitForHydration } from './support/hydration';

test('the first Tab reaches the skip link, which moves focus to the main content', async ({
  page,
}) => {
  await page.goto('/');
  await waitForHydration(page);
  await page.keyboard.press('Tab');
  const skipLink = page.getByRole('link', { name: 'Skip to content' });
  await expect(skipLink).toBeFocused();
  await expect(skipLink).toBeInViewport();

  await page.keyboard.press('Enter');
  await expect(page.getByRole('main')).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Start Your Project' })).toBeFocused();
});

test('keyboard focus is always visible', async ({ page }) => {
  await page.goto('/');
  await waitForHydration(page);
  for (let step = 0; step < 12; step += 1) {
    await page.keyboard.press('Tab');
    const outline = await page.evaluate(() => {
      const focused = document.activeElement;
      if (!focused || focused === document.body) return 'none';
      const style = getComputedStyle(focused);
      return style.outlineStyle === 'none' ? 'none' : `${style.outlineWidth} ${style.outlineStyle}`;
    });
    expect(outline, `focus ring on Tab stop ${step + 1}`).not.toBe('none');
  }
});
