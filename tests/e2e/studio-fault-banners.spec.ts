import type { Page } from '@playwright/test';
import { findAxeViolations } from './support/axe';
import { openSiteEditor } from './support/site-editor';
import { welcomeNewStaff } from './support/studio-staff';
import { expect, test } from './support/studio-server';

/*
 * The studio's fault notices, as staff see them in Chromium, both themes, each measured by axe.
 * The faults themselves are proven with real processes in tests/server (disk-full,
 * mail-gone-for-a-day, site-render-faults); here the server's answers during each fault are
 * given to the browser as those tests see them, so the page is checked in seconds.
 */

const SINCE = '2026-11-23T09:30:00.000Z';

/** `GET me` as the server answers it while the outbox cannot deliver. */
async function failMail(page: Page): Promise<void> {
  await page.route('**/api/studio/me', async (route) => {
    const response = await route.fetch();
    const me = (await response.json()) as Record<string, unknown>;
    await route.fulfill({
      response,
      json: { ...me, mail: { isFailing: true, failingSince: SINCE, givenUp: 2 } },
    });
  });
}

/** `GET site/live` while the published version cannot be rendered. */
async function breakLivePage(page: Page): Promise<void> {
  await page.route('**/api/studio/site/live', (route) =>
    route.fulfill({
      json: {
        problem: {
          revision: 'rev-9',
          field: 'hero.tagline',
          message: 'the field hero.tagline breaks a rule of this release (too_long)',
          since: SINCE,
        },
      },
    }),
  );
}

/** Saving the draft while the server's disk is full. */
async function fillDisk(page: Page): Promise<void> {
  await page.route('**/api/studio/site/draft', (route) =>
    route.request().method() === 'PUT'
      ? route.fulfill({
          status: 503,
          headers: { 'retry-after': '30' },
          json: { success: false, error: 'storage_full' },
        })
      : route.fallback(),
  );
}

for (const scheme of ['light', 'dark'] as const) {
  test(`the failing-mail, older-page and full-disk notices have no WCAG 2.2 AA violations, ${scheme} theme`, async ({
    page,
    studio,
  }) => {
    test.slow();
    await page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' });
    await failMail(page);
    await breakLivePage(page);
    await fillDisk(page);
    await welcomeNewStaff(page, studio);

    await expect(page.getByRole('region', { name: 'Email delivery is failing' })).toBeVisible();
    expect(await findAxeViolations(page), 'failing mail').toEqual([]);

    await openSiteEditor(page);
    await expect(page.getByRole('region', { name: 'Visitors see an older page' })).toBeVisible();
    expect(await findAxeViolations(page), 'older page').toEqual([]);

    const tagline = page.getByRole('group', { name: 'Hero' }).getByRole('textbox').first();
    await tagline.fill(`${await tagline.inputValue()} and more`);
    await expect(page.getByText(/disk is full/).first()).toBeVisible({ timeout: 30_000 });
    expect(await findAxeViolations(page), 'full disk').toEqual([]);
  });
}
