import { mkdir } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { findAxeViolations } from './support/axe';
import { welcomeNewStaff } from './support/studio-staff';
import { expect, test } from './support/studio-server';
import { sendEnquiry } from './support/studio-visitor';

// Headless Chromium names itself HeadlessChrome, which the bot list filters out, as it should.
test.use({
  userAgent:
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
});

const SCREENSHOTS = 'test-results/audience';
const SIZES = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1440, height: 900 },
] as const;

/** Nothing wider than the window: a table scrolls inside its own box, never the page. */
async function pageOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

test('a visit from a campaign link becomes the source of its enquiry, and the landing page stores nothing', async ({
  page,
  context,
  studio,
}) => {
  test.slow();
  await page.goto(`${studio.origin}/?utm_source=newsletter&utm_campaign=spring-offer`);
  const stored = await page.evaluate(async () => ({
    local: localStorage.length,
    session: sessionStorage.length,
    databases: (await indexedDB.databases()).length,
  }));
  expect(stored).toEqual({ local: 0, session: 0, databases: 0 });
  const sent = await sendEnquiry(page, studio.origin);
  expect(await context.cookies()).toEqual([]);

  await welcomeNewStaff(page, studio);
  await page.getByRole('main').getByRole('link', { name: sent.name }).click();
  await expect(page.getByTestId('enquiry-attribution')).toHaveText(
    /^came from: newsletter \/ spring-offer, landed on \/ (less than a minute|\d+ minutes?) before$/,
  );
  // The studio marks the lead won; the Audience page counts it for its source and campaign.
  const enquiryId = new URL(page.url()).searchParams.get('id') ?? '';
  const won = await page.request.patch(`${studio.origin}/api/studio/leads/${enquiryId}`, {
    data: { stage: 'won' },
    headers: { origin: studio.origin },
  });
  expect(won.status()).toBe(200);

  await page
    .getByRole('navigation', { name: 'Studio' })
    .getByRole('link', { name: 'Audience' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Audience' })).toBeVisible();
  const totals = page.getByTestId('audience-totals');
  await expect(totals.getByText('Visitors').locator('..').locator('dd')).not.toHaveText('0');
  await expect(totals.getByText('Enquiries').locator('..').locator('dd')).not.toHaveText('0');
  // Visitors, enquiries, won, the won value (none was set), lost, conversion.
  await expect(
    page
      .getByRole('table', { name: 'Sources' })
      .getByRole('row', { name: /^newsletter 1 1 1 – 0/ }),
  ).toBeVisible();
  await expect(
    page
      .getByRole('table', { name: 'Campaigns' })
      .getByRole('row', { name: /^spring-offer newsletter – 1 1 1 – 0/ }),
  ).toBeVisible();
});

for (const scheme of ['light', 'dark'] as const) {
  test(`the Audience page reads well on a phone and a desktop, ${scheme} theme, with no WCAG 2.2 AA violations`, async ({
    page,
    studio,
  }) => {
    test.slow();
    await page.goto(`${studio.origin}/?utm_source=linkedin&utm_medium=social&utm_campaign=cases`);
    await sendEnquiry(page, studio.origin);
    await page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' });
    await welcomeNewStaff(page, studio);
    await page.goto(`${studio.origin}/studio/audience`);
    await expect(page.locator('html')).toHaveClass(
      scheme === 'dark' ? /\bdark\b/ : /^(?!.*\bdark\b)/,
    );
    await expect(page.getByRole('table', { name: 'Sources' })).toBeVisible();
    await expect(page.getByRole('img', { name: /visitors and \d+ enquiries/ })).toBeVisible();
    expect(await findAxeViolations(page)).toEqual([]);

    await mkdir(SCREENSHOTS, { recursive: true });
    for (const size of SIZES) {
      await page.setViewportSize(size);
      expect(await pageOverflow(page), size.name).toBeLessThanOrEqual(0);
      await page.screenshot({
        path: `${SCREENSHOTS}/audience-${size.name}-${scheme}.png`,
        fullPage: true,
      });
    }
    expect(await findAxeViolations(page), 'on a phone').toEqual([]);
  });
}
