import { welcomeNewStaff } from './support/studio-staff';
import { expect, test } from './support/studio-server';
import { sendEnquiry } from './support/studio-visitor';

// Headless Chromium names itself HeadlessChrome, which the bot list filters out, as it should.
test.use({
  userAgent:
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
});

test('a visit from a campaign link becomes the source of its enquiry, and the landing page stores nothing', async ({
  page,
  context,
  studio,
}) => {
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

  await page
    .getByRole('navigation', { name: 'Studio' })
    .getByRole('link', { name: 'Audience' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Audience' })).toBeVisible();
  const totals = page.getByTestId('audience-totals');
  await expect(totals.getByText('Visitors').locator('..').locator('dd')).not.toHaveText('0');
  await expect(totals.getByText('Enquiries').locator('..').locator('dd')).not.toHaveText('0');
  const sources = page.getByRole('table', { name: 'Sources' });
  await expect(sources.getByRole('row', { name: /^newsletter 1 1/ })).toBeVisible();
});
