import type { Hono } from 'hono';
import { mailboxLabel } from '../../mailbox/start-mailbox-watch';
import type { LeadRepository } from '../../store/leads/lead-repository';
import type { StudioEnv } from '../studio-env';
import type { StudioKit } from '../studio-kit';

/**
 * GET mailbox: whether answers come back into the studio. Connected once the watch has read
 * the mailbox and its last check did not fail; `address` is where clients' answers go (the
 * tokened REPLY_ADDRESS with a mailbox, else REPLY_FROM), read from what the watch stored, so
 * any instance answers the same.
 */
export function registerMailboxState(
  app: Hono<StudioEnv>,
  kit: StudioKit,
  leads: Pick<LeadRepository, 'readMailboxCheck'>,
): void {
  const { imapUrl, replyAddress, replyFrom } = kit.config.leads;
  app.get('/mailbox', async () => {
    if (imapUrl === null) {
      return kit.respond.json(200, {
        connected: false,
        address: replyFrom,
        lastCheckedAt: null,
        error: null,
      });
    }
    const check = await leads.readMailboxCheck(mailboxLabel(imapUrl));
    return kit.respond.json(200, {
      connected: check !== null && check.error === null,
      address: replyAddress ?? replyFrom,
      lastCheckedAt: check?.readAt?.toISOString() ?? null,
      error: check?.error ?? null,
    });
  });
}
