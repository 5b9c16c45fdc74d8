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
  const dateWriters = page.waitForEvent('worker');
  const answer = await page.goto(`${studio.origin}/studio`);
  expect(await answer?.text()).toContain(visitor.name);
  // The browser's date data is loaded by a worker of the drawn page's, not by the app (0126).
  expect((await dateWriters).url()).toMatch(/\/assets\/studio-date-writers-[\w-]+\.js$/);
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

test('words typed into a drawn lead’s reply before the app has run are kept, and saved as its draft', async ({
  page,
  studio,
}) => {
  const visitor = await sendEnquiry(page, studio.origin);
  await welcomeNewStaff(page, studio);
  const card = await findEnquiryCard(page, visitor.name);
  await card.click();
  await expect(page.getByRole('heading', { level: 1, name: visitor.name })).toBeVisible();
  const leadAddress = page.url();
  await page.waitForLoadState('networkidle');

  // The app's script is held back until the words are typed, as on a slow phone.
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/studio-.*\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(leadAddress, { waitUntil: 'commit' });
  const reply = page.getByLabel(`Reply to ${visitor.name}`);
  await reply.click();
  await page.keyboard.type('Typed before the app arrived.');
  release();

  // Hydrated (the draft's state shows only in the app), the words are the reply's and saved.
  await expect(page.getByText('Draft saved')).toBeVisible();
  await expect(reply).toHaveValue('Typed before the app arrived.');
  await page.reload();
  await expect(page.getByLabel(`Reply to ${visitor.name}`)).toHaveValue(
    'Typed before the app arrived.',
  );
});
