import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { promisify } from 'node:util';
import type { Page } from '@playwright/test';
import { expect, test } from '@playwright/test';
import { builtCli } from '../support/built-app';
import { contactForm, fillEnquiry } from './support/contact-form';

test.use({ javaScriptEnabled: false });

const run = promisify(execFile);

/** Every URL the page asks for or shows, to prove no personal data ever rides in one. */
function watchUrls(page: Page): () => string[] {
  const urls: string[] = [];
  page.on('request', (request) => urls.push(request.url()));
  page.on('framenavigated', (frame) => urls.push(frame.url()));
  return () => [...urls, page.url()];
}

function expectNoneCarries(urls: string[], values: string[]): void {
  for (const url of urls) {
    const decoded = decodeURIComponent(url.replaceAll('+', ' '));
    for (const value of values) expect(decoded, `${url} carries "${value}"`).not.toContain(value);
    expect(new URL(url).search, url).toBe('');
  }
}

/** The studio's CLI, as `npm run enquiries` runs it, on the server's data. */
async function studioList(): Promise<string> {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is unset: the global setup did not run.');
  const { stdout } = await run(process.execPath, [builtCli(), 'list', '--status', 'spam'], {
    env: { PATH: process.env.PATH ?? '', DATA_DIR: dataDir },
  });
  return stdout;
}

test('an enquiry sent without JavaScript is stored for the studio, and no URL carries it', async ({
  page,
}) => {
  const urls = watchUrls(page);
  const enquiry = {
    name: 'Ada Lovelace',
    email: `ada-${randomUUID()}@example.com`,
    service: 'Brand Strategy',
    message: `An identity for our engine works. (${randomUUID()})`,
  };
  await page.goto('/');
  await fillEnquiry(page, enquiry);
  await contactForm(page).getByRole('button', { name: 'Start Your Project' }).click();

  await expect(page).toHaveURL(/\/contact\/sent$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'Thank you, your message is with us',
  );
  // Without a script there is no proof of work: the enquiry waits under spam, never lost.
  await expect.poll(studioList).toContain(`${enquiry.name} <${enquiry.email}>`);
  expectNoneCarries(urls(), Object.values(enquiry));
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
  expectNoneCarries(urls(), ['grace@example.com', message, 'Grace Hopper']);
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
  await expect(page.getByRole('heading', { level: 1 })).toHaveText("Thanks! You're on the list");
  expectNoneCarries(urls(), [reader, 'not-an-email']);
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
