import { test as base, expect } from '@playwright/test';
import { startDovecot, type Dovecot } from '../../support/dovecot';
import { startStudioServer, type StudioServer } from './studio-server';

/** The studio's inbound address; replies name `reply+<token>@` on it. */
export const REPLY_ADDRESS = 'studio@emberandink.example';

/** The name the studio's mail server signs its Authentication-Results with (IMAP_AUTHSERV_ID). */
export const AUTHSERV_ID = 'mx.emberandink.example';

/** A studio server that watches a real Dovecot mailbox for the clients' answers. */
export type LeadsServer = StudioServer & { dovecot: Dovecot };

/** A studio server (with `env` besides) watching a Dovecot of its own; `stop` ends both. */
export async function startLeadsServer(
  env: Record<string, string> = {},
): Promise<LeadsServer & { stop: () => Promise<void> }> {
  const dovecot = await startDovecot();
  const server = await startStudioServer({
    IMAP_URL: dovecot.url,
    REPLY_ADDRESS,
    IMAP_AUTHSERV_ID: AUTHSERV_ID,
    ...env,
  });
  return {
    ...server,
    dovecot,
    stop: async () => {
      await server.stop();
      await dovecot.stop();
    },
  };
}

/** One studio server and one Dovecot per worker, started on first use. */
export const test = base.extend<object, { leads: LeadsServer }>({
  leads: [
    // Playwright reads a fixture's dependencies from this pattern; this one has none.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const leads = await startLeadsServer();
      await use(leads);
      await leads.stop();
    },
    { scope: 'worker' },
  ],
});

export { expect };
