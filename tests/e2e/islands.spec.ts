import type { Page } from '@playwright/test';
import { expect, test } from '@playwright/test';
import { CONTACT_ENDPOINT, NEWSLETTER_ENDPOINT } from '../../common/endpoints';
import { contactForm, fillEnquiry, submitButton } from './support/contact-form';
import { section } from './support/sections';

/** Every script arrives this late: the visitor acts while the islands are still asleep. */
const SCRIPT_DELAY_MS = 3000;
const AFTER_THE_SCRIPTS = { timeout: 30_000 };

test.beforeEach(async ({ page }) => {
  await page.route(/\/assets\/[\w.-]+\.js$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, SCRIPT_DELAY_MS));
    await route.continue();
  });
});

/** What the island's loader says of it: nothing until it wakes, then waking and live. */
function islandState(page: Page, name: string): Promise<string | null> {
  return page
    .locator(`[data-island="${name}"]`)
    .evaluate((island) => island.getAttribute('data-island-state'));
}

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('the first tap on the menu opens it, though the scripts are still on their way', async ({
    page,
  }) => {
    await page.goto('/', { waitUntil: 'domcontentloaded' });
    const toggle = page.getByRole('button', { name: 'Menu' });
    await expect(toggle).toBeVisible();
    expect(await islandState(page, 'site-header'), 'asleep when tapped').toBeNull();

    await toggle.tap();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true', AFTER_THE_SCRIPTS);
    await expect(
      page.locator('#mobile-menu').getByRole('link', { name: 'Portfolio' }),
    ).toBeVisible();
    expect(await islandState(page, 'site-header')).toBe('live');
    // One tap, one toggle: the held tap was replayed once, not lost and not doubled.
    await toggle.tap();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });
});

test('the first click on a portfolio filter applies it, though the scripts are still on their way', async ({
  page,
}) => {
  await page.goto('/', { waitUntil: 'domcontentloaded' });
  const portfolio = section(page, 'portfolio');
  const branding = portfolio.getByRole('button', { name: 'Branding', exact: true });
  await branding.scrollIntoViewIfNeeded();
  expect(await islandState(page, 'portfolio-filter'), 'not live when clicked').not.toBe('live');

  await branding.click();
  await expect(branding).toHaveAttribute('aria-pressed', 'true', AFTER_THE_SCRIPTS);
  await expect(portfolio.getByRole('article')).toHaveCount(2);
  await expect(portfolio.getByRole('status')).toHaveText('Showing 2 projects');
});

test('an enquiry typed and sent before the form hydrated is sent by the form, as typed', async ({
  page,
}) => {
  const enquiry = {
    name: 'Early Bird',
    email: 'early@example.com',
    service: 'Brand Strategy',
    message: 'Typed while the page was still waking up.',
  };
  await page.goto('/', { waitUntil: 'domcontentloaded' });
  await contactForm(page).scrollIntoViewIfNeeded();
  expect(await islandState(page, 'contact-form'), 'not live while typing').not.toBe('live');
  await fillEnquiry(page, enquiry);
  const sent = page.waitForRequest(
    (request) => request.url().endsWith(CONTACT_ENDPOINT),
    AFTER_THE_SCRIPTS,
  );
  await submitButton(page).click();

  const request = await sent;
  // JSON from the island, not the plain form post a browser without the script would make.
  expect(request.headers()['content-type']).toContain('application/json');
  expect(request.postDataJSON()).toMatchObject(enquiry);
  await expect(submitButton(page)).toHaveText('✓ Message Sent!', AFTER_THE_SCRIPTS);
  await expect(page).toHaveURL('/');
});

test('an address typed into the newsletter box before it hydrated is the one subscribed', async ({
  page,
}) => {
  await page.goto('/', { waitUntil: 'domcontentloaded' });
  const box = page.getByRole('form', { name: 'Studio notes' });
  await box.scrollIntoViewIfNeeded();
  expect(await islandState(page, 'newsletter-form'), 'not live while typing').not.toBe('live');
  await box.getByLabel('Email address').fill('early-reader@example.com');
  await expect.poll(() => islandState(page, 'newsletter-form'), AFTER_THE_SCRIPTS).toBe('live');

  const sent = page.waitForRequest((request) => request.url().endsWith(NEWSLETTER_ENDPOINT));
  await box.getByRole('button', { name: 'Subscribe' }).click();
  expect((await sent).postDataJSON()).toMatchObject({ email: 'early-reader@example.com' });
  await expect(box.getByRole('status')).toContainText('check your inbox', AFTER_THE_SCRIPTS);
});
