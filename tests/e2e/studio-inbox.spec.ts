import { readFile } from 'node:fs/promises';
import { findEnquiryCard, leadCard } from './support/studio-inbox';
import { welcomeNewStaff } from './support/studio-staff';
import { expect, test } from './support/studio-server';
import { sendEnquiry } from './support/studio-visitor';

test('staff added by the CLI find, open, answer, search and export the enquiry a visitor just sent', async ({
  page,
  studio,
}) => {
  const sent = await sendEnquiry(page, studio.origin);
  const { word, message } = sent;
  const visitor = { name: sent.name, email: sent.email };
  // Every address the studio's tab shows, pushState changes included.
  const addresses: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) addresses.push(frame.url());
  });

  await welcomeNewStaff(page, studio);
  await expect(page).toHaveURL(`${studio.origin}/studio`);
  const card = await findEnquiryCard(page, visitor.name);
  await expect(card).toHaveAccessibleName(new RegExp(`^(Unread )?${visitor.name}$`));
  await card.click();

  await expect(page).toHaveURL(/[?&]view=lead&id=/);
  await expect(page.getByRole('heading', { level: 1, name: visitor.name })).toBeVisible();
  await expect(page.getByText(message)).toBeVisible();
  await expect(page.getByRole('link', { name: visitor.email })).toHaveAttribute(
    'href',
    new RegExp(`^mailto:${visitor.email.replace(/\./g, '\\.')}\\?subject=`),
  );

  await page.getByRole('link', { name: 'Back to the enquiries' }).click();
  await page.getByRole('searchbox', { name: 'Search' }).fill(word);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page.getByText('1 enquiry shown.')).toBeVisible();
  await expect(page).toHaveURL(`${studio.origin}/studio`);
  // The words live in the page's state: a reload keeps them, the address never shows them.
  await page.reload();
  await expect(page.getByRole('searchbox', { name: 'Search' })).toHaveValue(word);
  await expect(page.getByText('1 enquiry shown.')).toBeVisible();
  // Opened: no longer marked unread.
  await expect(leadCard(page, visitor.name)).toHaveAccessibleName(visitor.name);

  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Export this view as CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^enquiries-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = await readFile(await download.path(), 'utf8');
  const rows = csv.trim().split(/\r?\n/);
  expect(rows).toHaveLength(2);
  expect(rows[1]).toContain(visitor.email);
  expect(rows[1]).toContain(message);
  expect(rows[1]).toContain('read');

  await page.getByRole('link', { name: 'Account' }).click();
  await page.getByRole('button', { name: 'Sign out', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
  expect((await page.request.get(`${studio.origin}/api/studio/me`)).status()).toBe(401);
  expect(addresses.length).toBeGreaterThan(3);
  expect(addresses.filter((address) => address.includes(word))).toEqual([]);
});
