import type { MailHealth } from '../../../common/studio-inbox';
import type { InboxRepository } from '../../store/inbox/inbox-types';

/** An email still retrying after this long means the mail server is broken, not slow. */
export const MAIL_FAILING_AFTER_MS = 15 * 60_000;

/** The `mail` part of GET me: whether the studio's email is getting through. */
export function createMailHealthReader(
  inbox: InboxRepository,
  now: () => number,
): () => Promise<MailHealth> {
  return async () => {
    const trouble = await inbox.readMailTrouble(new Date(now() - MAIL_FAILING_AFTER_MS));
    return {
      isFailing: trouble.isFailing,
      failingSince: trouble.failingSince?.toISOString() ?? null,
      givenUp: trouble.givenUp,
    };
  };
}
