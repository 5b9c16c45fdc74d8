import { welcomeNewStaff } from './support/studio-staff';
import { expect, test } from './support/studio-server';

test('through the studio app: add a passkey, sign out, sign in with the passkey alone', async ({
  page,
  studio,
}) => {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
    },
  });
  await welcomeNewStaff(page, studio);
  await page.getByRole('link', { name: 'Account' }).click();
  await page.getByLabel('Passkey name (optional)').fill('Virtual key');
  await page.getByRole('button', { name: 'Add a passkey' }).click();
  await expect(page.getByText('Passkey “Virtual key” added.')).toBeVisible();
  const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
  expect(credentials).toHaveLength(1);
  const before = credentials[0]?.signCount ?? -1;

  await page.getByRole('button', { name: 'Sign out', exact: true }).click();
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Enquiries' })).toBeVisible();
  const after = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
  expect(after.credentials[0]?.signCount ?? -1).toBeGreaterThan(before);
});
