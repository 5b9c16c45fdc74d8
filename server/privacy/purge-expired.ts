import type { Store } from '../store/store';
import { CONFIRM_TOKEN_LIFETIME_MS } from '../store/newsletter-tokens';
import { removeMailboxFiles } from './mailbox-files';

const DAY_MS = 24 * 60 * 60 * 1000;

export type RetentionPolicy = { enquiryDays: number; spamDays: number };

export type PurgeReport = {
  enquiries: number;
  subscribers: number;
  outboxRows: number;
  mailboxFiles: number;
};

/**
 * Deletes enquiries older than RETENTION_DAYS, spam (enquiries, and sign-ups held as spam)
 * older than SPAM_RETENTION_DAYS and sign-ups never confirmed within their link's 7 days, with
 * their outbox rows and development-mailbox files.
 */
export async function purgeExpired(
  store: Store,
  dataDir: string,
  policy: RetentionPolicy,
  now: Date,
): Promise<PurgeReport> {
  const removed = await store.purgeExpired({
    enquiriesBefore: new Date(now.getTime() - policy.enquiryDays * DAY_MS),
    spamBefore: new Date(now.getTime() - policy.spamDays * DAY_MS),
    pendingBefore: new Date(now.getTime() - CONFIRM_TOKEN_LIFETIME_MS),
  });
  const files = await removeMailboxFiles(dataDir, removed);
  return {
    enquiries: removed.enquiryIds.length,
    subscribers: removed.subscriberIds.length,
    outboxRows: removed.outboxRows,
    mailboxFiles: files.length,
  };
}
