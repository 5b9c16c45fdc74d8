import type { Page } from '@playwright/test';
import { findAxeViolations } from './support/axe';
import { expect, test } from './support/studio-server';
import { STAFF_PASSWORD, welcomeNewStaff } from './support/studio-staff';
import { sendEnquiry } from './support/studio-visitor';

const REPLY = 'Dear client,\n\nThank you for writing. We could start in';
const NOTE = 'Budget sounds firm; ask about the launch date';

async function openEnquiry(page: Page, name: string) {
  await page.getByRole('main').getByRole('link', { name }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
}

test('half a reply and a note survive leaving, a reload and signing in again; sending discards the reply', async ({
  page,
  studio,
}) => {
  test.slow();
  const enquiry = await sendEnquiry(page, studio.origin);
  const email = await welcomeNewStaff(page, studio);
  await openEnquiry(page, enquiry.name);

  const reply = page.getByLabel(`Reply to ${enquiry.name}`);
  const note = page.getByLabel('New note');
  await reply.fill(REPLY);
  await note.fill(NOTE);
  await expect(page.getByText('Draft saved')).toHaveCount(2);
  expect(await findAxeViolations(page), 'enquiry with drafts').toEqual([]);

  await page.getByRole('link', { name: 'Back to the enquiries' }).click();
  await openEnquiry(page, enquiry.name);
  await expect(reply).toHaveValue(REPLY);
  await expect(note).toHaveValue(NOTE);

  await page.reload();
  await expect(reply).toHaveValue(REPLY);
  await expect(note).toHaveValue(NOTE);

  // The session ends (the cookie is gone): signed in again, the words are still there.
  await page.context().clearCookies();
  await page.goto(`${studio.origin}/studio`);
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(STAFF_PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Enquiries' })).toBeVisible();
  await openEnquiry(page, enquiry.name);
  await expect(reply).toHaveValue(REPLY);
  await expect(note).toHaveValue(NOTE);

  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(
    page.getByRole('status').filter({ hasText: /Reply queued|reply was sent/ }),
  ).toBeFocused();
  await expect(reply).toHaveValue('');
  // The reply's draft is gone from the server: only the note's is still said to be saved.
  await expect(page.getByText('Saving draft…')).toHaveCount(0);
  await expect(page.getByText('Draft saved')).toHaveCount(1);
  await page.reload();
  await expect(note).toHaveValue(NOTE);
  await expect(reply).toHaveValue('');
});
