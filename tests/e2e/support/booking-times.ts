import type { Page } from '@playwright/test';

/**
 * Late in the studio's week, the days a booking page shows may hold fewer free times than a
 * journey needs (the notice has passed the rest, and other journeys on the same server took some):
 * the visitor goes on to the later days, as anyone would.
 */
export async function showAtLeastTimes(page: Page, count: number): Promise<void> {
  if ((await page.getByRole('radio').count()) >= count) return;
  await page.getByRole('link', { name: 'Later days' }).click();
  await page
    .getByRole('radio')
    .nth(count - 1)
    .waitFor({ state: 'attached' });
}
