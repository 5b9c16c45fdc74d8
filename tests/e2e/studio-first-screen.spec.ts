import { watchPage } from './support/page-watch';
import { findEnquiryCard } from './support/studio-inbox';
import { welcomeNewStaff } from './support/studio-staff';
import { expect, test } from './support/studio-server';
import { sendEnquiry } from './support/studio-visitor';

test('a signed-in inbox and a lead’s page paint their rows before the app runs, and the app takes them over without a complaint', async ({
  page,
  studio,
}) => {
  const visitor = await sendEnquiry(page, studio.origin);
  await welcomeNewStaff(page, studio);
  await page.waitForLoadState('networkidle');

  // The app's script never arrives: what is on screen is the server's drawing alone.
  const blockScripts = (route: { abort: () => Promise<void> }) => route.abort();
  await page.route(/\/assets\/studio-.*\.js$/, blockScripts);
  await page.goto(`${studio.origin}/studio`);
  await expect(
    page.getByRole('main').getByRole('link', { name: new RegExp(visitor.name) }),
  ).toBeVisible();
  await page.unroute(/\/assets\/studio-.*\.js$/, blockScripts);

  const watch = await watchPage(page, studio.origin);
  const answer = await page.goto(`${studio.origin}/studio`);
  expect(await answer?.text()).toContain(visitor.name);
  const card = await findEnquiryCard(page, visitor.name);
  // The app has run and asked for what the drawing left out (the staff, the mailbox).
  await page.waitForLoadState('networkidle');
  // Hydrated: a card opens its lead in place, as the app does, with no new page load.
  await page.evaluate(() => {
    (window as Window & { stayed?: boolean }).stayed = true;
  });
  await card.click();
  await expect(page.getByRole('heading', { level: 1, name: visitor.name })).toBeVisible();
  expect(await page.evaluate(() => (window as Window & { stayed?: boolean }).stayed)).toBe(true);
  const leadAddress = page.url();

  // The lead's page from an emailed link comes drawn too.
  const lead = await page.goto(leadAddress);
  expect(await lead?.text()).toContain(visitor.email);
  await expect(page.getByRole('heading', { level: 1, name: visitor.name })).toBeVisible();
  await expect(page.getByText(visitor.message)).toBeVisible();
  await page.getByRole('link', { name: 'Back to the enquiries' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Enquiries' })).toBeVisible();
  await page.waitForLoadState('networkidle');

  // React reports a drawing it could not take over (a hydration mismatch) as a console error.
  expect(watch.problems).toEqual([]);
  expect(await watch.cspViolations()).toEqual([]);
});
