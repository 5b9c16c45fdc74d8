import type { Page } from '@playwright/test';

type StoredCredential = { isResidentCredential: boolean; signCount: number };

/** A passkey authenticator built into the browser, and what it holds. */
export type StudioAuthenticator = {
  /** The credentials the authenticator holds now, with their signature counters. */
  listCredentials(): Promise<StoredCredential[]>;
};

/**
 * Gives the page a platform authenticator (as a laptop's fingerprint reader) that holds
 * discoverable credentials and verifies its user without a prompt, through Chrome DevTools.
 */
export async function addStudioAuthenticator(page: Page): Promise<StudioAuthenticator> {
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
  return {
    async listCredentials() {
      const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
      return credentials;
    },
  };
}
