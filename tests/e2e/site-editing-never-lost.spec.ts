import type { Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { openSiteEditor } from './support/site-editor';
import { STAFF_PASSWORD, welcomeNewStaff } from './support/studio-staff';
import { expect, test } from './support/studio-server';

const taglineField = (page: Page) =>
  page.getByRole('group', { name: 'Hero' }).getByLabel('Tagline', { exact: true });
/** The toolbar's word on the draft once a save went through: "Saved 12:04". */
const savedAt = (page: Page) => page.getByText(/^Saved \d{1,2}[:.]\d{2}/);

// Each journey waits for the autosave (a few seconds) and reloads the studio more than once.
test.describe.configure({ timeout: 240_000 });

test('edits are saved by themselves, and a reload before that offers them back', async ({
  page,
  studio,
}) => {
  await welcomeNewStaff(page, studio);
  await openSiteEditor(page);
  const autosaved = `Saved without a click, ${randomUUID()}.`;
  await taglineField(page).fill(autosaved);
  await expect(page.getByText('Unsaved changes')).toBeVisible();
  await expect(savedAt(page)).toBeVisible({ timeout: 30_000 });
  await page.reload();
  await expect(taglineField(page)).toHaveValue(autosaved);
  await expect(page.getByRole('region', { name: /kept in this tab/ })).toHaveCount(0);

  // Reloaded before the autosave: the browser asks, the person goes anyway, the copy is kept.
  const kept = `Typed just before the reload, ${randomUUID()}.`;
  await taglineField(page).fill(kept);
  page.once('dialog', (dialog) => void dialog.accept());
  await page.reload();
  await expect(taglineField(page)).toHaveValue(autosaved);
  const offer = page.getByRole('region', { name: 'Unsaved edits were kept in this tab' });
  await offer.getByRole('button', { name: 'Bring them back' }).click();
  await expect(taglineField(page)).toHaveValue(kept);
  await expect(savedAt(page)).toBeVisible({ timeout: 30_000 });
  await page.reload();
  await expect(taglineField(page)).toHaveValue(kept);
});

test('a session that ends mid-edit asks for the password in place and saves the edits', async ({
  page,
  studio,
}) => {
  await welcomeNewStaff(page, studio);
  await openSiteEditor(page);
  // The editor's other panels (history, schedules) have asked for what they show: the session
  // ends mid-edit, not while the page is still opening (which signs out, with nothing typed).
  await page.waitForLoadState('networkidle');
  // Signed out elsewhere: the session this tab holds is no longer accepted.
  await page.context().clearCookies();
  const edit = `Typed after the session ended, ${randomUUID()}.`;
  await taglineField(page).fill(edit);

  const dialog = page.getByRole('dialog', { name: 'Sign in again to save' });
  await expect(dialog).toBeVisible({ timeout: 30_000 });
  await expect(taglineField(page)).toHaveValue(edit);
  await dialog.getByLabel('Password').fill(STAFF_PASSWORD);
  await dialog.getByRole('button', { name: 'Sign in and save' }).click();
  await expect(page.getByText('Draft saved.')).toBeVisible();
  await expect(dialog).toBeHidden();
  await page.reload();
  await expect(taglineField(page)).toHaveValue(edit);
});

test('the browser’s back button asks before unsaved edits are left', async ({ page, studio }) => {
  await welcomeNewStaff(page, studio);
  await openSiteEditor(page);
  const edit = `Not yet saved, ${randomUUID()}.`;
  await taglineField(page).fill(edit);

  const questions: string[] = [];
  page.once('dialog', (dialog) => {
    questions.push(dialog.message());
    void dialog.dismiss();
  });
  await page.goBack();
  await expect
    .poll(() => questions)
    .toEqual(['The site has unsaved changes. Leave without saving them?']);
  await expect(page).toHaveURL(/\/studio\/site$/);
  await expect(taglineField(page)).toHaveValue(edit);

  page.once('dialog', (dialog) => void dialog.accept());
  await page.goBack();
  await expect(page.getByRole('heading', { level: 1, name: 'Enquiries' })).toBeVisible();
});
