import { addStudioAuthenticator } from './support/studio-authenticator';
import { welcomeNewStaff } from './support/studio-staff';
import { expect, test } from './support/studio-server';

test('through the studio app: add a passkey, sign out, sign in with the passkey alone', async ({
  page,
  studio,
}) => {
  const authenticator = await addStudioAuthenticator(page);
  await welcomeNewStaff(page, studio);
  await page.getByRole('link', { name: 'Account' }).click();
  await page.getByLabel('Passkey name (optional)').fill('Virtual key');
  await page.getByRole('button', { name: 'Add a passkey' }).click();
  await expect(page.getByText('Passkey “Virtual key” added.')).toBeVisible();
  const credentials = await authenticator.listCredentials();
  expect(credentials).toHaveLength(1);
  const before = credentials[0]?.signCount ?? -1;

  await page.getByRole('button', { name: 'Sign out', exact: true }).click();
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Enquiries' })).toBeVisible();
  const after = await authenticator.listCredentials();
  expect(after[0]?.signCount ?? -1).toBeGreaterThan(before);
});
