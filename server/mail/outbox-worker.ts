import { createStudioFormat, type StudioFormat } from '../../common/studio-format';
import { createNudgeableWait } from '../clock/nudgeable-wait';
import type { PauseAt } from '../fault-injection';
import type { BookingEmail } from '../store/bookings/booking-repository-types';
import type { OutboxJob } from '../store/outbox/outbox-types';
import type { Store } from '../store/store';
import { composeEnquiryEmail, type EnquiryEmailAddresses } from './compose-enquiry-email';
import { composeBookingEmail } from './compose-booking-email';
import { composeConfirmationEmail } from './compose-confirmation-email';
import { composeLeadAssignedEmail } from './compose-lead-assigned-email';
import { composeLeadAnsweredEmail } from './compose-lead-answered-email';
import { composeLeadDigestEmail } from './compose-lead-digest-email';
import { composeLeadReturnedEmail } from './compose-lead-returned-email';
import { composeLeadReplyEmail } from './compose-lead-reply-email';
import { composeStaffInvitationEmail } from './compose-staff-invitation-email';
import { composeStaffNoticeEmail } from './compose-staff-notice-email';
import { mintInvitationLink } from '../studio/staff-admin';
import type { MailLog, MailTransport, OutgoingEmail } from './mail-transport';
import { redactAddresses } from './redact-addresses';
import type { RetrySchedule } from './retry-schedule';

export type OutboxWorkerOptions = {
  store: Store;
  transport: MailTransport;
  schedule: RetrySchedule;
  addresses: EnquiryEmailAddresses;
  /** The site's origin, for the links in emails to subscribers. */
  siteOrigin: string;
  /** STUDIO_TIME_ZONE: the zone booking emails give the call's time in. */
  timeZone?: string;
  /** REPLY_FROM, the studio's replies come from it; MAIL_TO's address unless told. */
  replyFrom?: string;
  /** The tokened Reply-To of the studio's replies in an enquiry's thread; null: REPLY_FROM. */
  replyAddressFor?: (enquiryId: string) => string | null;
  /** How often to look for due emails when nothing nudges the worker. */
  pollIntervalMs?: number;
  /**
   * How long a claimed email stays reserved for this worker. It must outlast one send (the
   * SMTP timeouts together); after it runs out another worker may send the email again.
   */
  leaseMs?: number;
  /**
   * Emails claimed at once. One by default: every claimed email is sent within its own lease,
   * so a slow SMTP server can never let a queued claim expire and be sent by another instance.
   */
  batchSize?: number;
  log?: MailLog;
  /** Holds the worker between the SMTP server's acceptance and the store, for crash tests. */
  pauseAt?: PauseAt;
};

export type OutboxWorker = {
  /** Looks for due emails now instead of at the next poll, e.g. right after a new enquiry. */
  nudge(): void;
  /** Finishes the send in progress, then stops. Emails claimed but not sent wait for their lease to run out. */
  stop(): Promise<void>;
};

export const OUTBOX_DEFAULTS = { pollIntervalMs: 5_000, leaseMs: 120_000, batchSize: 1 } as const;

/** Names the email in the log by id only: an address never reaches the log. */
function describeJob(job: OutboxJob): string {
  if (job.kind === 'enquiry') return `Enquiry ${job.enquiry.id}`;
  if (job.kind === 'lead-reply') return `Reply ${job.reply.id} to enquiry ${job.reply.enquiryId}`;
  if (job.kind === 'lead-digest') return `Morning digest ${job.id} of ${job.digest.day}`;
  if (job.kind === 'lead-assigned') {
    return `Assignment ${job.id} of enquiry ${job.assignment.enquiryId}`;
  }
  if (job.kind === 'lead-answered') {
    return `Answer notice ${job.id} of enquiry ${job.assignment.enquiryId}`;
  }
  if (job.kind === 'lead-returned') {
    return `Return notice ${job.id} of enquiry ${job.assignment.enquiryId}`;
  }
  if (job.kind === 'booking') {
    return `Booking ${job.email.event} ${job.id} of booking ${job.email.booking.id}`;
  }
  return job.kind === 'staff-notice'
    ? `Staff notice ${job.id}`
    : `Newsletter confirmation ${job.id}`;
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export function startOutboxWorker({
  store,
  transport,
  schedule,
  addresses,
  siteOrigin,
  timeZone = 'UTC',
  replyFrom = addresses.to,
  replyAddressFor = () => null,
  pollIntervalMs = OUTBOX_DEFAULTS.pollIntervalMs,
  leaseMs = OUTBOX_DEFAULTS.leaseMs,
  batchSize = OUTBOX_DEFAULTS.batchSize,
  log = console,
  pauseAt,
}: OutboxWorkerOptions): OutboxWorker {
  const idle = createNudgeableWait();

  /**
   * How the studio's own emails (the digest, notices) write dates, times and money: as its
   * screens do, in the locale and currency saved in its settings, read when the email is made.
   */
  async function studioFormat(): Promise<StudioFormat> {
    const { locale, currency } = await store.settings.readSettings();
    return createStudioFormat({ locale, currency, timeZone });
  }

  /**
   * The email, with any link's secret minted now (only its hash is stored); null when there is
   * nothing to send any more.
   */
  async function compose(job: OutboxJob): Promise<OutgoingEmail | null> {
    const site = { from: addresses.from, siteOrigin };
    switch (job.kind) {
      case 'enquiry':
        return composeEnquiryEmail(job.enquiry, addresses, {
          siteOrigin,
          format: await studioFormat(),
        });
      case 'newsletter-confirmation': {
        const links = await store.mintConfirmationLinks(job.confirmation.subscriberId);
        return links === null
          ? null
          : composeConfirmationEmail(job.id, job.confirmation, links, site);
      }
      case 'staff-notice': {
        if (job.notice.event !== 'invited') {
          return composeStaffNoticeEmail(job.id, job.notice, {
            ...site,
            format: await studioFormat(),
          });
        }
        const link = await mintInvitationLink(store.auth, job.notice.recipient, siteOrigin);
        return link === null ? null : composeStaffInvitationEmail(job.id, job.notice, link, site);
      }
      case 'lead-assigned':
        return composeLeadAssignedEmail(job.id, job.assignment, site);
      case 'lead-answered':
        return composeLeadAnsweredEmail(job.id, job.assignment, site);
      case 'lead-returned':
        return composeLeadReturnedEmail(job.id, job.assignment, site);
      case 'lead-reply':
        return composeLeadReplyEmail(job.reply, {
          replyFrom,
          replyTo: replyAddressFor(job.reply.enquiryId),
        });
      case 'lead-digest':
        return composeLeadDigestEmail(job.id, job.digest, {
          ...site,
          to: addresses.to,
          sentAt: new Date(),
          format: await studioFormat(),
          timeZone,
        });
      case 'booking': {
        const { meeting } = await store.bookings.readAvailability();
        return composeBookingEmail(
          job.id,
          job.email,
          {
            ...site,
            to: addresses.to,
            replyFrom,
            replyTo: replyAddressFor(job.email.booking.enquiryId),
            meeting,
            timeZone,
            sentAt: new Date(),
            format: await studioFormat(),
          },
          await manageLinkFor(job.email),
        );
      }
    }
  }

  /**
   * The visitor's link to cancel or move the call, in every email that gives them its time (the
   * reminder too); a new secret each time, which joins the earlier ones (0089), and null once
   * the call is cancelled.
   */
  async function manageLinkFor(email: BookingEmail): Promise<string | null> {
    const carriesLink = email.to === 'visitor' && email.event !== 'cancellation';
    if (!carriesLink) return null;
    const token = await store.bookings.mintManageToken(email.booking.id);
    return token === null ? null : `${siteOrigin}/booking/manage?token=${token}`;
  }

  async function deliver(job: OutboxJob): Promise<void> {
    const email = await compose(job);
    if (email === null) {
      await store.markEmailSent(job.id);
      log.info(`${describeJob(job)} not sent: nobody waits for it any more`);
      return;
    }
    const result = await transport.send(email);
    const attemptsMade = job.attempts + 1;
    if (result.outcome === 'sent') {
      await pauseAt?.('after-smtp-accept', { id: job.enquiry?.id ?? job.id });
      await store.markEmailSent(job.id);
      log.info(`${describeJob(job)} emailed (${redactAddresses(result.detail)})`);
      return;
    }
    const retryAt =
      result.outcome === 'permanent-failure'
        ? null
        : schedule.nextAttemptAt(attemptsMade, new Date());
    await store.markEmailFailed(job.id, result.reason, retryAt);
    const reason = redactAddresses(result.reason);
    log.error(
      retryAt === null
        ? `${describeJob(job)} email failed for good after ${attemptsMade} attempt(s): ${reason}`
        : `${describeJob(job)} email attempt ${attemptsMade} failed, retrying at ${retryAt.toISOString()}: ${reason}`,
    );
  }

  /** Returns how many emails it claimed, so a full batch is followed by another at once. */
  async function runBatch(): Promise<number> {
    const jobs = await store.claimDueEmails(batchSize, leaseMs);
    for (const job of jobs) {
      if (idle.isStopping) break;
      try {
        await deliver(job);
      } catch (error) {
        // The store failed after the send: the lease runs out and the email is sent again,
        // with the same Message-ID (at-least-once delivery).
        log.error(`${describeJob(job)} email outcome not recorded: ${describe(error)}`);
      }
    }
    return jobs.length;
  }

  async function run(): Promise<void> {
    while (!idle.isStopping) {
      let claimed = 0;
      try {
        claimed = await runBatch();
      } catch (error) {
        log.error(`Outbox: cannot claim emails: ${describe(error)}`);
      }
      if (claimed < batchSize) await idle.wait(pollIntervalMs);
    }
  }

  const running = run();
  return {
    nudge: idle.nudge,
    async stop() {
      idle.stop();
      await running;
    },
  };
}
