import type { Page } from '@playwright/test';
import { expect } from '@playwright/test';
import { waitForHydration } from './hydration';
import { waitForEmail } from './mailbox';
import { E2E_ORIGIN } from './server-origin';
import type { StoredEmail } from './stored-email';
import { uniqueWord } from './studio-visitor';

export type NewsletterLinks = { confirm: string; unsubscribe: string };

/** A reader signs up in the landing page's footer; the page solves the spam check itself. */
export async function signUpInFooter(page: Page, address: string): Promise<void> {
  await page.goto('/');
  await waitForHydration(page);
  const footer = page.getByRole('contentinfo');
  await footer.getByLabel('Email address').fill(address);
  await footer.getByRole('button', { name: 'Subscribe' }).click();
  await expect(footer.getByRole('status')).toHaveText(/check your inbox/);
}

/** The confirmation email the SMTP server received for `address`. */
export function waitForConfirmationEmail(address: string): Promise<StoredEmail> {
  return waitForEmail(
    (email) =>
      email.to.includes(address) && email.subject === 'Confirm your subscription to Studio notes',
  );
}

/**
 * The links in an email point at the build's SITE_URL; the journey server answers on
 * E2E_ORIGIN, so the same path and token are opened there.
 */
export function readNewsletterLinks(email: StoredEmail): NewsletterLinks {
  const link = (label: string) => {
    const url = new RegExp(`${label}: (\\S+)`).exec(email.text)?.[1];
    if (url === undefined) throw new Error(`The email has no "${label}" link:\n${email.text}`);
    const { pathname, search } = new URL(url);
    return `${E2E_ORIGIN}${pathname}${search}`;
  };
  return { confirm: link('Confirm your subscription'), unsubscribe: link('Unsubscribe') };
}

/**
 * Signs a new reader up, then walks every page behind the email's links in order, calling
 * `check` on each: confirm, confirmed, unsubscribe, unsubscribed, and the spent link's page.
 */
export async function walkNewsletterPages(
  page: Page,
  check: (name: string) => Promise<void>,
): Promise<void> {
  const address = `reader-${uniqueWord()}@example.com`;
  await signUpInFooter(page, address);
  const links = readNewsletterLinks(await waitForConfirmationEmail(address));
  const heading = page.getByRole('heading', { level: 1 });

  await page.goto(links.confirm);
  await check('confirm');
  await page.getByRole('button', { name: 'Confirm subscription' }).click();
  await expect(heading).toHaveText('You are subscribed');
  await check('confirmed');
  await page.goto(links.unsubscribe);
  await check('unsubscribe');
  await page.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(heading).toHaveText('You are unsubscribed');
  await check('unsubscribed');
  await page.goto(links.confirm);
  await expect(heading).toHaveText('This link no longer works');
  await check('invalid-link');
}
