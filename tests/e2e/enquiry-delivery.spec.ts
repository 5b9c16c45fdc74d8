import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { contactForm, fillEnquiry, submitButton } from './support/contact-form';
import { waitForHydration } from './support/hydration';
import { waitForEmail } from './support/mailbox';

test.beforeEach(async ({ page }) => {
  await page.goto('/');
  await waitForHydration(page);
});

test('an enquiry sent from the page reaches the agency inbox, Reply-To the visitor', async ({
  page,
}) => {
  const visitor = `visitor-${randomUUID()}@example.com`;
  const message = `Our cider farm needs new labels before the autumn harvest. (${randomUUID()})`;
  await fillEnquiry(page, {
    name: 'Grace Hopper',
    email: visitor,
    service: 'Packaging Design',
    message,
  });
  await submitButton(page).click();
  await expect(submitButton(page)).toHaveText('✓ Message Sent!');
  await expect(contactForm(page).getByRole('status')).toContainText('Thank you');

  const email = await waitForEmail((received) => received.replyTo.includes(visitor));
  expect(email.text).toContain(message);
  expect(email.text).toContain('Grace Hopper');
  expect(email.text).toContain('Packaging Design');
  expect(email.to.length).toBeGreaterThan(0);
  expect(email.to).not.toContain(visitor);
});

test.describe('newsletter box', () => {
  test('a valid address is signed up and the visitor is told so', async ({ page }) => {
    const footer = page.getByRole('contentinfo');
    const address = footer.getByLabel('Email address');
    await address.fill(`reader-${randomUUID()}@example.com`);
    await footer.getByRole('button', { name: 'Subscribe' }).click();
    await expect(footer.getByRole('status')).toHaveText(/check your inbox/);
    await expect(address).toHaveValue('');
    await expect(address).not.toHaveAttribute('aria-invalid', 'true');
  });

  test('signing up twice gives the same friendly answer', async ({ page }) => {
    const footer = page.getByRole('contentinfo');
    const reader = `reader-${randomUUID()}@example.com`;
    for (let attempt = 0; attempt < 2; attempt += 1) {
      await footer.getByLabel('Email address').fill(reader);
      await footer.getByRole('button', { name: 'Subscribe' }).click();
      await expect(footer.getByRole('status')).toHaveText(/check your inbox/);
    }
  });

  test('an invalid address is refused with a message next to the box', async ({ page }) => {
    const footer = page.getByRole('contentinfo');
    const address = footer.getByLabel('Email address');
    await address.fill('not-an-email');
    await footer.getByRole('button', { name: 'Subscribe' }).click();
    await expect(footer.getByRole('status')).toHaveText(/valid email/i);
    await expect(address).toHaveAttribute('aria-invalid', 'true');
    await expect(address).toHaveValue('not-an-email');
  });
});
