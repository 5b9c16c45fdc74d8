import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect } from '@playwright/test';
import { contactForm, fillEnquiry, submitButton, type Enquiry } from './contact-form';
import { waitForHydration } from './hydration';

/** Letters only, so the word survives the form's name rules and the search's tokenizer. */
export function uniqueWord(): string {
  return randomUUID()
    .replace(/-/g, '')
    .slice(0, 10)
    .replace(/[0-9a-f]/g, (digit) => String.fromCharCode(97 + parseInt(digit, 16)));
}

/** A visitor sends an enquiry through the real form on the landing page at `origin`. */
export async function sendEnquiry(page: Page, origin: string): Promise<Enquiry & { word: string }> {
  const word = uniqueWord();
  const enquiry = {
    name: `Ada ${word}`,
    email: `ada.${word}@example.com`,
    service: 'Packaging Design',
    message: `We need a label for our ${word} cider before the autumn harvest.`,
  };
  await page.goto(`${origin}/`);
  await waitForHydration(page);
  await fillEnquiry(page, enquiry);
  await submitButton(page).click();
  await expect(submitButton(page)).toHaveText('✓ Message Sent!');
  await expect(contactForm(page).getByRole('status')).toContainText('Thank you');
  return { ...enquiry, word };
}

/** A visitor signs up for the newsletter in the landing page's footer. */
export async function subscribe(page: Page, origin: string): Promise<string> {
  const address = `reader-${uniqueWord()}@example.com`;
  await page.goto(`${origin}/`);
  await waitForHydration(page);
  const footer = page.getByRole('contentinfo');
  await footer.getByLabel('Email address').fill(address);
  await footer.getByRole('button', { name: 'Subscribe' }).click();
  await expect(footer.getByRole('status')).toHaveText(/check your inbox/);
  return address;
}
