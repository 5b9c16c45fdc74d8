import type { Page } from '@playwright/test';
import { watchPage, type Problem } from './support/page-watch';
import { openSiteEditor } from './support/site-editor';
import { STAFF_PASSWORD, addStaffSignedOut, welcomeNewStaff } from './support/studio-staff';
import { expect, test } from './support/studio-server';
import { sendEnquiry, subscribe } from './support/studio-visitor';
import { findAxeViolations } from './support/axe';

/** Signed out, the studio asks `GET me` who is there; the browser logs the 401 it answers. */
const SIGNED_OUT_401 =
  'error: Failed to load resource: the server responded with a status of 401 (Unauthorized)';

/** `GET me` signed out, and `POST session` for the wrong password this test types on purpose. */
const EXPECTED_401_PATHS = ['/api/studio/me', '/api/studio/session'];

function unexpected(problems: readonly Problem[]): Problem[] {
  return problems.filter(
    (problem) =>
      !(
        problem.text === SIGNED_OUT_401 &&
        EXPECTED_401_PATHS.some((path) => problem.url.endsWith(path))
      ),
  );
}

async function useTheme(page: Page, theme: 'light' | 'dark'): Promise<void> {
  await page.addInitScript((stored) => localStorage.setItem('theme', stored), theme);
  await page.emulateMedia({ reducedMotion: 'reduce' });
}

async function expectTheme(page: Page, theme: 'light' | 'dark'): Promise<void> {
  await expect(page.locator('html')).toHaveClass(theme === 'dark' ? /\bdark\b/ : /^(?!.*\bdark\b)/);
}

for (const theme of ['light', 'dark'] as const) {
  test(`every studio page has no WCAG 2.2 AA violations, ${theme} theme`, async ({
    page,
    studio,
  }) => {
    // Six pages, each measured by axe, after a visitor and a new staff member have had their go.
    test.slow();
    const visitor = await sendEnquiry(page, studio.origin);
    await subscribe(page, studio.origin);
    const watch = await watchPage(page, studio.origin);
    await useTheme(page, theme);

    await addStaffSignedOut(page, studio);
    await expectTheme(page, theme);
    expect(await findAxeViolations(page), 'sign-in page').toEqual([]);

    await page.getByLabel('Email', { exact: true }).fill('nobody@emberandink.example');
    await page.getByLabel('Password', { exact: true }).fill('not the password at all');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page.getByRole('alert')).toBeVisible();
    expect(await findAxeViolations(page), 'sign-in page with an error').toEqual([]);

    await page.context().clearCookies();
    await welcomeNewStaff(page, studio);
    await expect(page.getByRole('main').getByRole('link', { name: visitor.name })).toBeVisible();
    expect(await findAxeViolations(page), 'inbox').toEqual([]);

    await page.getByRole('main').getByRole('link', { name: visitor.name }).click();
    await expect(page.getByRole('heading', { level: 1, name: visitor.name })).toBeVisible();
    await expect(page.getByText(/Waiting to be sent|Sent|Never emailed|retrying/)).toBeVisible();
    expect(await findAxeViolations(page), 'one enquiry').toEqual([]);

    await page.getByRole('link', { name: 'Subscribers' }).click();
    await expect(
      page.getByRole('heading', { level: 1, name: 'Newsletter subscribers' }),
    ).toBeVisible();
    await expect(page.getByText(/^\d+ subscribers?$/)).toBeVisible();
    expect(await findAxeViolations(page), 'subscribers').toEqual([]);

    await page.getByRole('link', { name: 'Account' }).click();
    await expect(page.getByRole('heading', { name: 'Where you are signed in' })).toBeVisible();
    await expect(page.getByText('This device')).toBeVisible();
    expect(await findAxeViolations(page), 'account').toEqual([]);

    await openSiteEditor(page);
    // The history loads on its own; axe reads the page once it has.
    await expect(
      page.getByRole('region', { name: 'History' }).getByRole('listitem').first(),
    ).toBeVisible();
    expect(await findAxeViolations(page), 'site editor').toEqual([]);

    expect(unexpected(watch.problems)).toEqual([]);
    expect(await watch.cspViolations()).toEqual([]);
  });
}

test('with the keyboard alone, staff sign in and open an enquiry', async ({ page, studio }) => {
  const visitor = await sendEnquiry(page, studio.origin);
  const email = await addStaffSignedOut(page, studio);

  const focusedName = () =>
    page.evaluate(() => {
      const element = document.activeElement;
      if (element === null) return '';
      const label = element.id ? document.querySelector(`label[for="${element.id}"]`) : null;
      return (label?.textContent ?? element.textContent ?? '').trim();
    });
  async function tabTo(name: string | RegExp): Promise<void> {
    for (let step = 0; step < 60; step += 1) {
      await page.keyboard.press('Tab');
      const current = await focusedName();
      if (typeof name === 'string' ? current === name : name.test(current)) return;
    }
    throw new Error(`Tab never reached ${String(name)}`);
  }

  await tabTo('Email');
  await page.keyboard.type(email);
  await page.keyboard.press('Tab');
  await page.keyboard.type(STAFF_PASSWORD);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Enquiries' })).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: visitor.name })).toBeVisible();

  await tabTo(new RegExp(`${visitor.name}$`));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: visitor.name })).toBeVisible();
  await expect(page.getByText(visitor.message)).toBeVisible();
});
