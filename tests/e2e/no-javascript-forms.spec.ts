import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { contactForm, fillEnquiry } from './support/contact-form';
import { welcomeNewStaff } from './support/studio-staff';
import { expect, test } from './support/studio-server';
import { uniqueWord } from './support/studio-visitor';

test.use({ javaScriptEnabled: false });

/** Every URL the page asks for or shows, to prove no personal data ever rides in one. */
function watchUrls(page: Page): () => Promise<string[]> {
  const urls: string[] = [];
  page.on('request', (request) => urls.push(request.url()));
  page.on('framenavigated', (frame) => urls.push(frame.url()));
  return async () => {
    // The tab's history too: what Back, Forward and the address bar's suggestions offer.
    const devtools = await page.context().newCDPSession(page);
    const { entries } = await devtools.send('Page.getNavigationHistory');
    await devtools.detach();
    return [...urls, ...entries.map((entry) => entry.url), page.url()];
  };
}

function expectNoneCarries(urls: string[], values: string[]): void {
  for (const url of urls) {
    const decoded = decodeURIComponent(url.replaceAll('+', ' '));
    for (const value of values) expect(decoded, `${url} carries "${value}"`).not.toContain(value);
    expect(new URL(url).search, url).toBe('');
  }
}

test('an enquiry sent without JavaScript reaches the studio inbox, and no URL carries it', async ({
  browser,
  page,
  studio,
}) => {
  const urls = watchUrls(page);
  const word = uniqueWord();
  const enquiry = {
    name: `Ada ${word}`,
    email: `ada.${word}@example.com`,
    service: 'Brand Strategy',
    message: `An identity for our ${word} engine works.`,
  };
  await page.goto(`${studio.origin}/`);
  await fillEnquiry(page, enquiry);
  await contactForm(page).getByRole('button', { name: 'Start Your Project' }).click();

  await expect(page).toHaveURL(`${studio.origin}/contact/sent`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'Thank you, your message is with us',
  );
  expectNoneCarries(await urls(), Object.values(enquiry));

  // Without a script there is no proof of work: the enquiry waits in Spam, never lost.
  const staff = await browser.newContext({ javaScriptEnabled: true });
  const inbox = await staff.newPage();
  await welcomeNewStaff(inbox, studio);
  await inbox
    .getByRole('navigation', { name: 'Folders' })
    .getByRole('link', { name: /^Spam\b/ })
    .click();
  await inbox.getByRole('main').getByRole('link', { name: enquiry.name }).click();
  await expect(inbox.getByRole('heading', { level: 1, name: enquiry.name })).toBeVisible();
  await expect(inbox.getByText(enquiry.message)).toBeVisible();
  await staff.close();
});

test('a refused field comes back on a page with the error and every value kept', async ({
  page,
}) => {
  const urls = watchUrls(page);
  const message = `Packaging for a tea shop. (${randomUUID()})`;
  await page.goto('/');
  await fillEnquiry(page, {
    name: '   ',
    email: 'grace@example.com',
    service: 'Packaging Design',
    message,
  });
  await contactForm(page).getByRole('button', { name: 'Start Your Project' }).click();

  const form = contactForm(page);
  await expect(form.getByRole('alert')).toHaveText('Please check the highlighted fields.');
  await expect(form.getByLabel('Your name')).toHaveAccessibleDescription('Name is required.');
  await expect(form.getByLabel('Email address')).toHaveValue('grace@example.com');
  await expect(form.getByLabel('Service')).toHaveValue('Packaging Design');
  await expect(form.getByLabel('Project details')).toHaveValue(message);

  await form.getByLabel('Your name').fill('Grace Hopper');
  await form.getByRole('button').first().click();
  await expect(page).toHaveURL(/\/contact\/sent$/);
  expectNoneCarries(await urls(), ['grace@example.com', message, 'Grace Hopper']);
});

test('the newsletter box posts as a plain form: errors on a page, then the sent page', async ({
  page,
}) => {
  const urls = watchUrls(page);
  const reader = `reader-${randomUUID()}@example.com`;
  await page.goto('/');
  const footer = page.getByRole('contentinfo');
  await footer.getByLabel('Email address').fill('not-an-email');
  await footer.getByRole('button', { name: 'Subscribe' }).click();

  const box = page.getByRole('form', { name: 'Studio notes' });
  await expect(box.getByRole('status')).toHaveText('Please enter a valid email address.');
  await expect(box.getByLabel('Email address')).toHaveValue('not-an-email');
  await box.getByLabel('Email address').fill(reader);
  await box.getByRole('button', { name: 'Subscribe' }).click();
  await expect(page).toHaveURL(/\/newsletter\/sent$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Thanks! Now check your inbox');
  expectNoneCarries(await urls(), [reader, 'not-an-email']);
});

test('the privacy page is linked beside both forms and from the footer', async ({ page }) => {
  await page.goto('/');
  const links = page.getByRole('link', { name: 'How we handle your data' });
  await expect(links).toHaveCount(2);
  await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy' }).click();
  await expect(page).toHaveURL(/\/privacy$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Privacy');
  await expect(page.getByRole('main')).toContainText('730 days');
  await expect(page.getByRole('main')).toContainText('30 days');
  await expect(page.getByRole('main')).toContainText('7 days');
});
