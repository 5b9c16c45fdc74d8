import { test as base, expect, type Browser, type Page } from '@playwright/test';
import { findAxeViolations } from './support/axe';
import { waitForEmailIn } from './support/mailbox';
import type { StoredEmail } from './support/stored-email';
import { startStudioServer, type StudioServer } from './support/studio-server';
import { uniqueWord } from './support/studio-visitor';

/** A server of its own whose studio is in London: the page must say so. */
const test = base.extend<object, { studio: StudioServer }>({
  studio: [
    // Playwright reads a fixture's dependencies from this pattern; this one has none.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const server = await startStudioServer({ STUDIO_TIME_ZONE: 'Europe/London' });
      await use(server);
      await server.stop();
    },
    { scope: 'worker' },
  ],
});

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 900 };

function manageLinkOf(email: StoredEmail): string {
  const link = /https?:\/\/\S+\/booking\/manage\?token=[A-Za-z0-9_-]+/.exec(email.text)?.[0];
  if (link === undefined) throw new Error('The email carries no manage link');
  return link;
}

const to = (address: string, subject: RegExp) => (email: StoredEmail) =>
  email.to.includes(address) && subject.test(email.subject);

async function bookFirstFreeTime(page: Page, name: string, email: string): Promise<void> {
  await expect(page.getByText('Times in London time')).toBeVisible();
  await page.getByRole('radio').first().check();
  await page.getByLabel('Your name').fill(name);
  await page.getByLabel('Your email').fill(email);
  await page.getByLabel('Anything we should know? (optional)').fill('A new identity.');
  await page.getByRole('button', { name: 'Book this time' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your call is booked');
}

test('a phone visitor books a call from the landing page, then moves it and cancels it from the email', async ({
  page,
  studio,
}) => {
  await page.setViewportSize(PHONE);
  await page.goto(`${studio.origin}/`);
  const contact = page.locator('#contact');
  await expect(contact).toContainText('By Appointment Only');
  await contact.getByRole('link', { name: 'Book a call' }).click();
  await expect(page).toHaveURL(`${studio.origin}/book`);

  const address = `ada.${uniqueWord()}@example.com`;
  await bookFirstFreeTime(page, 'Ada Lovelace', address);
  const invitation = await waitForEmailIn(studio.mailboxDir, to(address, /^Your call with/));
  expect(invitation.attachments.map((part) => part.contentType)).toContain('text/calendar');

  await page.goto(manageLinkOf(invitation));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your call with the studio');
  const booked = await page.locator('main p').first().textContent();
  await page.getByRole('radio').nth(1).check();
  await page.getByRole('button', { name: 'Move the call to this time' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your call is moved');
  await expect(page.locator('main')).not.toContainText(booked ?? '');

  const update = await waitForEmailIn(studio.mailboxDir, to(address, /moved/));
  await page.goto(manageLinkOf(update));
  await page.getByRole('button', { name: 'Cancel the call' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your call is cancelled');
  await waitForEmailIn(studio.mailboxDir, to(address, /is cancelled/));

  const spent = await page.goto(manageLinkOf(update));
  expect(spent?.status()).toBe(410);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('This link no longer works');
});

test('the same /book works with JavaScript off, and with the keyboard alone', async ({
  browser,
  studio,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: PHONE });
  const page = await context.newPage();
  await page.goto(`${studio.origin}/book`);
  const address = `grace.${uniqueWord()}@example.com`;
  await bookFirstFreeTime(page, 'Grace Hopper', address);
  await waitForEmailIn(studio.mailboxDir, to(address, /^Your call with/));

  await page.goto(`${studio.origin}/book`);
  const firstTime = page.getByRole('radio').first();
  await expect(async () => {
    await page.keyboard.press('Tab');
    await expect(firstTime).toBeFocused({ timeout: 100 });
  }).toPass();
  // The times are one group: the arrows choose among them, Tab leaves for the next field.
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('radio').nth(1)).toBeChecked();
  await page.keyboard.press('Tab');
  await page.keyboard.type('Katherine Johnson');
  await page.keyboard.press('Tab');
  await page.keyboard.type(`katherine.${uniqueWord()}@example.com`);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your call is booked');
  await context.close();
});

async function openBook(
  browser: Browser,
  origin: string,
  theme: 'light' | 'dark',
  size: typeof PHONE,
) {
  const context = await browser.newContext({ viewport: size });
  const page = await context.newPage();
  await page.addInitScript((stored) => localStorage.setItem('theme', stored), theme);
  await page.goto(`${origin}/book`);
  await expect(page.locator('html')).toHaveClass(theme === 'dark' ? /\bdark\b/ : /^(?!.*\bdark\b)/);
  return { page, close: () => context.close() };
}

for (const theme of ['light', 'dark'] as const) {
  for (const size of [PHONE, DESKTOP]) {
    test(`/book has no WCAG 2.2 AA violations at ${size.width} px in the ${theme} theme`, async ({
      browser,
      studio,
    }) => {
      const { page, close } = await openBook(browser, studio.origin, theme, size);
      expect(await findAxeViolations(page)).toEqual([]);
      const scripts = await page.locator('script[src]').count();
      expect(scripts, 'no script is loaded for booking').toBe(0);
      await page.screenshot({
        path: `/tmp/book-page-shots/book-${size.width}-${theme}.png`,
        fullPage: true,
      });
      await close();
    });
  }
}
