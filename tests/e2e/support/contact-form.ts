import type { Locator, Page } from '@playwright/test';

export type Enquiry = { name: string; email: string; service: string; message: string };

export function contactForm(page: Page): Locator {
  return page.getByRole('form', { name: 'Start a project' });
}

/** Fills the four fields the way a visitor does: by their labels. */
export async function fillEnquiry(page: Page, enquiry: Enquiry): Promise<void> {
  const form = contactForm(page);
  await form.getByLabel('Your name').fill(enquiry.name);
  await form.getByLabel('Email address').fill(enquiry.email);
  await form.getByLabel('Service').selectOption(enquiry.service);
  await form.getByLabel('Project details').fill(enquiry.message);
}

export function submitButton(page: Page): Locator {
  return contactForm(page).getByRole('button');
}
