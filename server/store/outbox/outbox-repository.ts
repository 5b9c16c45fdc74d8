import type { Kysely, Transaction } from 'kysely';
import { readBookingEmails } from '../bookings/booking-emails';
import { requeueEnquiryNews } from '../bookings/queue-enquiry-news';
import { toStoredEnquiry } from '../enquiries/enquiry-row';
import { readDigest } from '../leads/lead-digest';
import type { LeadDigest } from '../leads/lead-types';
import { readReplyEmails, recordReplyOutcome } from '../leads/reply-email';
import { readOutboxBacklog } from './outbox-backlog';
import type { Database } from '../db/schema';
import type { StoreContext } from '../db/store-context';
import * as z from 'zod/mini';
import type {
  ConfirmationEmail,
  LeadAnswer,
  LeadAssignment,
  OutboxJob,
  OutboxKind,
  OutboxRepository,
} from './outbox-types';

const StaffNoticePayload = z.union([
  z.object({
    event: z.enum(['passkey-added', 'passkey-removed']),
    passkeyName: z.string(),
    at: z.iso.datetime(),
  }),
  z.object({ event: z.literal('invited'), invitedBy: z.string(), at: z.iso.datetime() }),
]);

/** The staff notice a row describes; null for a row no longer readable. */
function readStaffNotice(job: { recipient: string | null; payload: string | null }) {
  if (job.recipient === null || job.payload === null) return null;
  const payload = StaffNoticePayload.safeParse(JSON.parse(job.payload));
  return payload.success
    ? { ...payload.data, recipient: job.recipient, at: new Date(payload.data.at) }
    : null;
}

/** `answerId`: the thread message a notice of an answer tells of; older notices lack it. */
const AssignmentPayload = z.object({
  enquiryId: z.string(),
  by: z.nullable(z.string()),
  answerId: z.optional(z.string()),
});

/** The emails to a staff member about a lead, whose payload names the lead. */
const NOTICE_KINDS: ReadonlySet<OutboxKind> = new Set([
  'lead-assigned',
  'lead-answered',
  'lead-returned',
]);

function parseAssignment(payload: string | null) {
  const parsed = AssignmentPayload.safeParse(JSON.parse(payload ?? 'null'));
  return parsed.success ? parsed.data : null;
}

/**
 * The assignment a row names, with the lead's client and the answer as they are now; null for
 * a row no longer readable or a lead forgotten since.
 */
function readAssignment(
  job: { recipient: string | null; payload: string | null },
  enquiries: Map<string, { name: string; service: string }>,
  answers: Map<string, LeadAnswer>,
): LeadAssignment | null {
  const parsed = parseAssignment(job.payload);
  if (parsed === null || job.recipient === null) return null;
  const enquiry = enquiries.get(parsed.enquiryId);
  if (enquiry === undefined) return null;
  return {
    enquiryId: parsed.enquiryId,
    by: parsed.by,
    recipient: job.recipient,
    name: enquiry.name,
    service: enquiry.service,
    answer: parsed.answerId === undefined ? null : (answers.get(parsed.answerId) ?? null),
  };
}

/** The received messages with these ids, as notices quote them, by id. */
async function readAnswers(
  db: Kysely<Database>,
  ids: readonly string[],
): Promise<Map<string, LeadAnswer>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('lead_messages')
    .select(['id', 'from_address', 'text', 'is_verified'])
    .where('id', 'in', ids)
    .where('direction', '=', 'in')
    .execute();
  return new Map(
    rows.map((row) => [
      row.id,
      { from: row.from_address, text: row.text, isVerified: row.is_verified === 1 },
    ]),
  );
}

/** The names of the staff with these addresses, by address lower-cased. */
async function readStaffNames(
  db: Kysely<Database>,
  addresses: readonly string[],
): Promise<Map<string, string>> {
  if (addresses.length === 0) return new Map();
  const rows = await db
    .selectFrom('staff')
    .select(['email_key', 'name'])
    .where(
      'email_key',
      'in',
      addresses.map((address) => address.toLowerCase()),
    )
    .execute();
  return new Map(rows.map((row) => [row.email_key, row.name]));
}

const DigestPayload = z.object({
  day: z.string(),
  owner: z.string(),
  waitingBefore: z.iso.datetime(),
  /** The owner the copy of the leads nobody owns goes to; absent in rows queued before. */
  to: z.optional(z.string()),
});

/**
 * The morning digest a row names, read from the leads as they are now (a lead forgotten since
 * is not in it); null for a row no longer readable.
 */
async function readDigestJob(
  db: Kysely<Database>,
  payload: string | null,
): Promise<LeadDigest | null> {
  const parsed = DigestPayload.safeParse(JSON.parse(payload ?? 'null'));
  if (!parsed.success) return null;
  const { day, owner, waitingBefore, to } = parsed.data;
  const digest = await readDigest(db, owner, { day, waitingBefore: new Date(waitingBefore) });
  return to === undefined ? digest : { ...digest, to };
}

/** The confirmation email a row describes; null for a row no longer readable. */
function readConfirmation(job: {
  subscriber_id: string | null;
  recipient: string | null;
  payload: string | null;
}): ConfirmationEmail | null {
  if (job.subscriber_id === null || job.recipient === null) return null;
  return { subscriberId: job.subscriber_id, recipient: job.recipient };
}

/** Takes a job off the outbox; undefined when another instance already did. */
function removeOutboxJob(trx: Transaction<Database>, jobId: string) {
  return trx
    .deleteFrom('outbox')
    .where('id', '=', jobId)
    .returning(['enquiry_id', 'lead_message_id'])
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
            'lead_message_id',
            'attempts',
          ])
          .execute();
        if (claimed.length === 0) return [];

        const assignments = claimed.flatMap((job) => {
          if (!NOTICE_KINDS.has(job.kind)) return [];
          return parseAssignment(job.payload) ?? [];
        });
        const enquiryIds = [
          ...claimed.flatMap((job) => (job.enquiry_id === null ? [] : [job.enquiry_id])),
          ...assignments.map((assignment) => assignment.enquiryId),
        ];
        const answers = await readAnswers(
          db,
          assignments.flatMap((assignment) => assignment.answerId ?? []),
        );
        const enquiries =
          enquiryIds.length === 0
            ? []
            : await db.selectFrom('enquiries').selectAll().where('id', 'in', enquiryIds).execute();
        const byId = new Map(enquiries.map((row) => [row.id, toStoredEnquiry(row)]));
        const replies = await readReplyEmails(
          db,
          claimed.flatMap((job) => (job.lead_message_id === null ? [] : [job.lead_message_id])),
        );
        const digests = new Map<string, LeadDigest | null>();
        for (const job of claimed) {
          if (job.kind === 'lead-digest') digests.set(job.id, await readDigestJob(db, job.payload));
        }
        const bookingEmails = await readBookingEmails(
          db,
          claimed.filter((job) => job.kind === 'booking'),
        );
        const namesOfGivers = await readStaffNames(
          db,
          claimed.flatMap((job) => {
            if (job.kind !== 'lead-assigned') return [];
            return readAssignment(job, byId, answers)?.by ?? [];
          }),
        );
        return claimed.flatMap((job): OutboxJob[] => {
          if (
            job.kind === 'lead-assigned' ||
            job.kind === 'lead-answered' ||
            job.kind === 'lead-returned'
          ) {
            const assignment = readAssignment(job, byId, answers);
            if (assignment === null) return [];
            // Who gave the lead, by the name colleagues know them by, never their address.
            const by =
              assignment.by === null
                ? null
                : (namesOfGivers.get(assignment.by.toLowerCase()) ?? assignment.by);
            return [
              {
                id: job.id,
                attempts: job.attempts,
                kind: job.kind,
                assignment: { ...assignment, by },
              },
            ];
          }
          if (job.kind === 'booking') {
            const email = bookingEmails.get(job.id);
            return email === undefined
              ? []
              : [{ id: job.id, attempts: job.attempts, kind: job.kind, email }];
          }
          if (job.kind === 'lead-digest') {
            const digest = digests.get(job.id);
            return digest == null
              ? []
              : [{ id: job.id, attempts: job.attempts, kind: job.kind, digest }];
          }
          if (job.kind === 'lead-reply') {
            const reply =
              job.lead_message_id === null ? undefined : replies.get(job.lead_message_id);
            return reply === undefined
              ? []
              : [{ id: job.id, attempts: job.attempts, kind: job.kind, reply }];
          }
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
          await recordReplyOutcome(trx, job?.lead_message_id, 'sent', null);
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
                  .returning(['enquiry_id', 'lead_message_id'])
                  .executeTakeFirst();
          const state = retryAt === null ? 'failed' : 'retrying';
          await recordReplyOutcome(trx, job?.lead_message_id, state, error);
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
        db.transaction().execute((trx) => requeueEnquiryNews(trx, enquiryId, 'failed')),
      ),
  };
}
