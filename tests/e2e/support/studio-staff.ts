import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect } from '@playwright/test';
import { readWelcomeLink, type StudioServer } from './studio-server';

export const STAFF_PASSWORD = 'four unrelated words, kept long';

/** A new staff member: added by the CLI, through the printed link, password chosen, in the inbox. */
export async function welcomeNewStaff(page: Page, studio: StudioServer): Promise<string> {
  const email = `staff-${randomUUID()}@emberandink.example`;
  const link = readWelcomeLink(await studio.runCli(['staff', 'add', email]), studio.origin);
  await page.goto(link);
  await page.getByLabel('New password').fill(STAFF_PASSWORD);
  await page.getByRole('button', { name: 'Set password' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Enquiries' })).toBeVisible();
  return email;
}

/** Staff with a password, signed out: the sign-in form is on screen. */
export async function addStaffSignedOut(page: Page, studio: StudioServer): Promise<string> {
  const email = await welcomeNewStaff(page, studio);
  // The inbox's own reads (the staff list, the filters) finish first: cleared under one of
  // them, the session would answer it 401 and the page would log that as an error.
  await page.waitForLoadState('networkidle');
  await page.context().clearCookies();
  await page.goto(`${studio.origin}/studio`);
  await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
  return email;
}
