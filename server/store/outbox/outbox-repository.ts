import type { Transaction } from 'kysely';
import { toStoredEnquiry } from '../enquiries/enquiry-row';
import { readOutboxBacklog } from './outbox-backlog';
import { requeueEnquiryEmail } from './queue-email';
import type { Database } from '../db/schema';
import type { StoreContext } from '../db/store-context';
import * as z from 'zod/mini';
import type { ConfirmationEmail, OutboxJob, OutboxRepository } from './outbox-types';

const ConfirmationPayload = z.object({ confirmToken: z.string(), unsubscribeToken: z.string() });
const StaffNoticePayload = z.object({
  event: z.enum(['passkey-added', 'passkey-removed']),
  passkeyName: z.string(),
  at: z.iso.datetime(),
});

/** The staff notice a row describes; null for a row no longer readable. */
function readStaffNotice(job: { recipient: string | null; payload: string | null }) {
  if (job.recipient === null || job.payload === null) return null;
  const payload = StaffNoticePayload.safeParse(JSON.parse(job.payload));
  return payload.success
    ? { ...payload.data, recipient: job.recipient, at: new Date(payload.data.at) }
    : null;
}

/** The confirmation email a row describes; null for a row no longer readable. */
function readConfirmation(job: {
  subscriber_id: string | null;
  recipient: string | null;
  payload: string | null;
}): ConfirmationEmail | null {
  if (job.subscriber_id === null || job.recipient === null || job.payload === null) return null;
  const payload = ConfirmationPayload.safeParse(JSON.parse(job.payload));
  return payload.success
    ? { subscriberId: job.subscriber_id, recipient: job.recipient, ...payload.data }
    : null;
}

/** Takes a job off the outbox; undefined when another instance already did. */
function removeOutboxJob(trx: Transaction<Database>, jobId: string) {
  return trx
    .deleteFrom('outbox')
    .where('id', '=', jobId)
    .returning('enquiry_id')
    .executeTakeFirst();
}

/** The emails waiting to be sent, leased to one worker at a time, and their outcome. */
export function createOutboxRepository({ db, dialect, guard }: StoreContext): OutboxRepository {
  return {
    claimDueEmails: (limit: number, leaseMs: number) =>
      guard('claim outbox emails', async () => {
        const now = new Date();
        const nowIso = now.toISOString();
        const claimed = await db
          .with('due', (query) =>
            query
              .selectFrom('outbox')
              .select('id')
              .where('available_at', '<=', nowIso)
              .where((eb) =>
                eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', nowIso)]),
              )
              .orderBy('available_at')
              .limit(limit)
              // PostgreSQL: other instances skip the rows this one is claiming instead of
              // waiting for them. SQLite runs one writer at a time, so it needs no lock.
              .$if(dialect === 'postgres', (locked) => locked.forUpdate().skipLocked()),
          )
          .updateTable('outbox')
          .set({ locked_until: new Date(now.getTime() + leaseMs).toISOString() })
          .where('id', 'in', (eb) => eb.selectFrom('due').select('id'))
          .returning([
            'id',
            'kind',
            'enquiry_id',
            'subscriber_id',
            'recipient',
            'payload',
            'attempts',
          ])
          .execute();
        if (claimed.length === 0) return [];

        const enquiryIds = claimed.flatMap((job) =>
          job.enquiry_id === null ? [] : [job.enquiry_id],
        );
        const enquiries =
          enquiryIds.length === 0
            ? []
            : await db.selectFrom('enquiries').selectAll().where('id', 'in', enquiryIds).execute();
        const byId = new Map(enquiries.map((row) => [row.id, toStoredEnquiry(row)]));
        return claimed.flatMap((job): OutboxJob[] => {
          if (job.kind === 'staff-notice') {
            const notice = readStaffNotice(job);
            return notice === null
              ? []
              : [{ id: job.id, attempts: job.attempts, kind: job.kind, notice }];
          }
          if (job.kind === 'newsletter-confirmation') {
            const confirmation = readConfirmation(job);
            return confirmation === null
              ? []
              : [{ id: job.id, attempts: job.attempts, kind: job.kind, confirmation }];
          }
          const enquiry = job.enquiry_id === null ? undefined : byId.get(job.enquiry_id);
          return enquiry === undefined
            ? []
            : [{ id: job.id, attempts: job.attempts, kind: 'enquiry', enquiry }];
        });
      }),

    markEmailSent: (jobId: string) =>
      guard('mark an email sent', () =>
        db.transaction().execute(async (trx) => {
          const job = await removeOutboxJob(trx, jobId);
          if (job?.enquiry_id == null) return;
          await trx
            .updateTable('enquiries')
            .set((eb) => ({
              status: 'sent',
              attempts: eb('attempts', '+', 1),
              sent_at: new Date().toISOString(),
            }))
            .where('id', '=', job.enquiry_id)
            .execute();
        }),
      ),

    markEmailFailed: (jobId: string, error: string, retryAt: Date | null) =>
      guard('record a failed email', () =>
        db.transaction().execute(async (trx) => {
          const job =
            retryAt === null
              ? await removeOutboxJob(trx, jobId)
              : await trx
                  .updateTable('outbox')
                  .set((eb) => ({
                    attempts: eb('attempts', '+', 1),
                    available_at: retryAt.toISOString(),
                    locked_until: null,
                  }))
                  .where('id', '=', jobId)
                  .returning('enquiry_id')
                  .executeTakeFirst();
          if (job?.enquiry_id == null) return;
          await trx
            .updateTable('enquiries')
            .set((eb) => ({
              attempts: eb('attempts', '+', 1),
              last_error: error,
              ...(retryAt === null ? { status: 'failed' as const } : {}),
            }))
            .where('id', '=', job.enquiry_id)
            .execute();
        }),
      ),

    readOutboxBacklog: () => guard('read the outbox backlog', () => readOutboxBacklog(db)),

    requeueEmail: (enquiryId: string) =>
      guard('re-queue an email', () =>
        db.transaction().execute((trx) => requeueEnquiryEmail(trx, enquiryId, 'failed')),
      ),
  };
}
