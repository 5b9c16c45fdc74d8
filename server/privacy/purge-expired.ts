import { rollUpAndPurge } from '../audience/roll-up';
import type { Store } from '../store/store';
import { CONFIRM_TOKEN_LIFETIME_MS } from '../store/subscribers/newsletter-tokens';
import { removeMailboxFiles } from './mailbox-files';

const DAY_MS = 24 * 60 * 60 * 1000;
/**
 * How long an upload no document names is kept: long enough for an editor to upload today and
 * save or publish the draft that uses it weeks later.
 */
export const UNUSED_MEDIA_GRACE_DAYS = 30;

export type RetentionPolicy = {
  enquiryDays: number;
  spamDays: number;
  auditDays: number;
  /** AUDIENCE_RAW_DAYS: single views and Web Vitals samples; the daily roll-ups stay. */
  audienceRawDays: number;
};

export type PurgeReport = {
  enquiries: number;
  /** Calls that ended longer ago than RETENTION_DAYS, with their leads. */
  bookings: number;
  subscribers: number;
  outboxRows: number;
  mailboxFiles: number;
  auditEntries: number;
  /** Mail the mailbox watch could not read, set aside longer ago than spam is kept. */
  unreadableMessages: number;
  /** Uploaded images that neither the draft, the published page nor a kept publish uses. */
  images: number;
  audienceDaysRolledUp: number;
  audienceRawRows: number;
};

/**
 * Deletes enquiries older than RETENTION_DAYS (a booked one counts from its call's end), spam (enquiries, and sign-ups held as spam)
 * and mail set aside as unreadable older than SPAM_RETENTION_DAYS, sign-ups never confirmed within their link's 7 days and audit
 * entries older than AUDIT_RETENTION_DAYS, with their outbox rows and development-mailbox
 * files, and uploads no document has used for UNUSED_MEDIA_GRACE_DAYS. Null when another instance is purging the same database at this moment.
 */
export async function purgeExpired(
  store: Store,
  dataDir: string,
  policy: RetentionPolicy,
  now: Date,
): Promise<PurgeReport | null> {
  const removed = await store.purgeExpired({
    enquiriesBefore: new Date(now.getTime() - policy.enquiryDays * DAY_MS),
    spamBefore: new Date(now.getTime() - policy.spamDays * DAY_MS),
    pendingBefore: new Date(now.getTime() - CONFIRM_TOKEN_LIFETIME_MS),
    auditBefore: new Date(now.getTime() - policy.auditDays * DAY_MS),
  });
  if (removed === null) return null;
  const files = await removeMailboxFiles(dataDir, removed);
  const images = await store.site.deleteUnreferencedMedia(
    new Date(now.getTime() - UNUSED_MEDIA_GRACE_DAYS * DAY_MS),
  );
  const audience = await rollUpAndPurge(store.audience, policy.audienceRawDays, now);
  return {
    enquiries: removed.enquiryIds.length,
    bookings: removed.bookingIds.length,
    subscribers: removed.subscriberIds.length,
    outboxRows: removed.outboxRows,
    mailboxFiles: files.length,
    auditEntries: removed.auditEntries,
    unreadableMessages: removed.unreadableMessages,
    images,
    audienceDaysRolledUp: audience.daysRolledUp,
    audienceRawRows: audience.rawRowsDeleted,
  };
}
