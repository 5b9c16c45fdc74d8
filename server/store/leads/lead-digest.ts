import { randomUUID } from 'node:crypto';
import { sql, type Expression, type Kysely, type SqlBool, type Transaction } from 'kysely';
import { OPEN_STATUSES } from '../../../common/studio-inbox';
import type { Database } from '../db/schema';
import { toDate } from '../db/to-date';
import type { LeadDigest, LeadDigestAnswer, LeadDigestCall, LeadDigestItem } from './lead-types';

/**
 * The key of the digest for leads nobody owns (or whose owner is no longer on the staff): a copy
 * goes to every owner of the studio, who look after what nobody was given (0119).
 */
const NOBODY = '';

/** What a morning digest is about: the studio's day, and the instant it was composed for. */
export type DigestMoment = {
  /** `YYYY-MM-DD` in STUDIO_TIME_ZONE: follow-ups due on or before it are listed. */
  day: string;
  /** Leads whose client has waited since before this are listed. */
  waitingBefore: Date;
};

/** A lead's owner as the digest sees it: a current staff member's address, or NOBODY. */
const digestOwner = sql<string>`coalesce((select staff.email from staff where staff.email_key = lower(leads.owner)), ${NOBODY})`;

/**
 * Open leads (not won or lost, not archived or spam) whose client has waited since before
 * `waitingBefore` (they spoke last: the enquiry itself, or an answer), or whose follow-up
 * falls on or before `day`.
 */
function selectDigestLeads(db: Kysely<Database>, moment: DigestMoment) {
  const waitingBefore = moment.waitingBefore.toISOString();
  return (
    db
      .selectFrom('enquiries')
      .leftJoin('leads', 'leads.enquiry_id', 'enquiries.id')
      // An enquiry that joined an open lead is that lead's, never one of its own.
      .where('enquiries.lead_id', 'is', null)
      .where('enquiries.inbox_status', 'in', OPEN_STATUSES)
      .where((eb) =>
        eb.or([eb('leads.stage', 'is', null), eb('leads.stage', 'not in', ['won', 'lost'])]),
      )
      .where((eb) => {
        const isWaiting: Expression<SqlBool> = eb.or([
          eb.and([
            eb('leads.last_direction', 'is', null),
            eb('enquiries.created_at', '<', waitingBefore),
          ]),
          eb.and([
            eb('leads.last_direction', '=', 'in'),
            eb('leads.last_message_at', '<', waitingBefore),
          ]),
        ]);
        return eb.or([isWaiting, eb('leads.follow_up_on', '<=', moment.day)]);
      })
  );
}

/** The lead an enquiry belongs to: the open lead it joined, or itself. */
const leadOfEnquiry = sql<string>`coalesce(enquiries.lead_id, enquiries.id)`;

/**
 * The calls confirmed for `day` (the call's date in STUDIO_TIME_ZONE, as booked), whatever
 * their lead's stage: a call on a won lead is still a call to take. A call booked on an open
 * lead is that lead's owner's.
 */
function selectDayCalls(db: Kysely<Database>, day: string) {
  return db
    .selectFrom('bookings')
    .innerJoin('enquiries', 'enquiries.id', 'bookings.enquiry_id')
    .leftJoin('leads', (join) => join.on('leads.enquiry_id', '=', leadOfEnquiry))
    .where('bookings.day', '=', day)
    .where('bookings.state', '=', 'confirmed');
}

/**
 * The answers (verified or not) to leads not filed as spam that reached the studio since the
 * owner's previous digest was queued (with none, since `waitingBefore`: the day before) and no
 * later than this day's digest was, once it is: an answer arriving between the queueing and
 * the sending of a digest is the next one's. Whatever the lead's stage or folder: the digest
 * may be the only word its owner has of it.
 */
function selectNewAnswers(db: Kysely<Database>, moment: DigestMoment) {
  const previousDigest = sql<string>`(select max(lead_digests.sent_at) from lead_digests where lead_digests.owner = ${digestOwner} and lead_digests.day < ${moment.day})`;
  const thisDigest = sql<string>`(select lead_digests.sent_at from lead_digests where lead_digests.owner = ${digestOwner} and lead_digests.day = ${moment.day})`;
  return db
    .selectFrom('lead_messages')
    .innerJoin('enquiries', 'enquiries.id', 'lead_messages.enquiry_id')
    .leftJoin('leads', 'leads.enquiry_id', 'enquiries.id')
    .where('lead_messages.direction', '=', 'in')
    .where('enquiries.inbox_status', '<>', 'spam')
    .where(
      'lead_messages.at',
      '>',
      sql<string>`coalesce(${previousDigest}, ${moment.waitingBefore.toISOString()})`,
    )
    .where('lead_messages.at', '<=', sql<string>`coalesce(${thisDigest}, lead_messages.at)`);
}

/** The owners (NOBODY among them) with something in their digest at `moment`. */
export async function listDigestOwners(
  db: Kysely<Database>,
  moment: DigestMoment,
): Promise<string[]> {
  const leadOwners = await selectDigestLeads(db, moment)
    .select(digestOwner.as('owner'))
    .distinct()
    .execute();
  const callOwners = await selectDayCalls(db, moment.day)
    .select(digestOwner.as('owner'))
    .distinct()
    .execute();
  const answerOwners = await selectNewAnswers(db, moment)
    .select(digestOwner.as('owner'))
    .distinct()
    .execute();
  return [
    ...new Set([...leadOwners, ...callOwners, ...answerOwners].map((row) => row.owner)),
  ].sort();
}

/**
 * One owner's digest at `moment`: waiting the longest first, then follow-ups by date, the
 * day's calls by time, and the answers new since their last digest, oldest first.
 */
export async function readDigest(
  db: Kysely<Database>,
  owner: string,
  moment: DigestMoment,
): Promise<LeadDigest> {
  const rows = await selectDigestLeads(db, moment)
    .where(digestOwner, '=', owner)
    .select([
      'enquiries.id',
      'enquiries.name',
      'enquiries.service',
      'enquiries.created_at',
      'leads.last_direction',
      'leads.last_message_at',
      'leads.follow_up_on',
    ])
    .orderBy('enquiries.created_at')
    .orderBy('enquiries.id')
    .execute();
  const items = rows.map((row): LeadDigestItem => {
    const since = row.last_direction === 'in' ? row.last_message_at : row.created_at;
    const waitingSince =
      row.last_direction !== 'out' && since !== null && toDate(since) < moment.waitingBefore
        ? toDate(since)
        : null;
    const isDue = row.follow_up_on !== null && row.follow_up_on <= moment.day;
    return {
      enquiryId: row.id,
      name: row.name,
      service: row.service,
      waitingSince,
      followUpOn: isDue ? row.follow_up_on : null,
    };
  });
  const calls = await selectDayCalls(db, moment.day)
    .where(digestOwner, '=', owner)
    .select([leadOfEnquiry.as('lead_id'), 'bookings.name', 'bookings.start_at', 'bookings.end_at'])
    .orderBy('bookings.start_at')
    .execute();
  const answers = await selectNewAnswers(db, moment)
    .where(digestOwner, '=', owner)
    .select([
      'lead_messages.enquiry_id',
      'enquiries.name',
      'enquiries.service',
      'lead_messages.from_address',
      'lead_messages.at',
      'lead_messages.is_verified',
    ])
    .orderBy('lead_messages.at')
    .orderBy('lead_messages.id')
    .execute();
  return {
    day: moment.day,
    owner: owner === NOBODY ? null : owner,
    to: owner === NOBODY ? null : owner,
    waiting: items
      .filter((item) => item.waitingSince !== null)
      .sort((a, b) => Number(a.waitingSince) - Number(b.waitingSince)),
    followUps: items
      .filter((item) => item.followUpOn !== null)
      .sort((a, b) => (a.followUpOn ?? '').localeCompare(b.followUpOn ?? '')),
    calls: calls.map((row): LeadDigestCall => ({
      enquiryId: row.lead_id,
      name: row.name,
      start: toDate(row.start_at),
      end: toDate(row.end_at),
    })),
    answers: answers.map((row): LeadDigestAnswer => ({
      enquiryId: row.enquiry_id,
      name: row.name,
      service: row.service,
      from: row.from_address,
      at: toDate(row.at),
      isVerified: row.is_verified === 1,
    })),
  };
}

/** The addresses of the studio's owners (staff role `owner`), in a stable order. */
async function listStudioOwners(trx: Transaction<Database>): Promise<string[]> {
  const rows = await trx
    .selectFrom('staff')
    .select('email')
    .where('role', '=', 'owner')
    .orderBy('email_key')
    .execute();
  return rows.map((row) => row.email);
}

/**
 * Claims the day's digest for each owner with something to say and queues its email, each in
 * its own transaction: the claim row (primary key: day and owner) is inserted first, so of two
 * instances racing only one inserts it and queues the email; the other finds it and queues
 * nothing. The digest of the leads nobody owns is queued once for each owner of the studio.
 * The email is composed when it is sent, from what the leads are then, so nothing of a lead
 * waits in the outbox. Returns the owners whose digest this call queued ('' for nobody's).
 */
export async function queueDigests(
  db: Kysely<Database>,
  moment: DigestMoment,
  now: Date,
): Promise<string[]> {
  const queued: string[] = [];
  for (const owner of await listDigestOwners(db, moment)) {
    const isClaimed = await db.transaction().execute(async (trx) => {
      const claim = await trx
        .insertInto('lead_digests')
        .values({ day: moment.day, owner, sent_at: now.toISOString() })
        .onConflict((conflict) => conflict.columns(['day', 'owner']).doNothing())
        .returning('owner')
        .executeTakeFirst();
      if (claim === undefined) return false;
      const recipients = owner === NOBODY ? await listStudioOwners(trx) : [owner];
      for (const to of recipients) {
        await trx
          .insertInto('outbox')
          .values({
            id: randomUUID(),
            kind: 'lead-digest',
            enquiry_id: null,
            subscriber_id: null,
            recipient: to,
            payload: JSON.stringify({
              day: moment.day,
              owner,
              waitingBefore: moment.waitingBefore.toISOString(),
              to,
            }),
            lead_message_id: null,
            created_at: now.toISOString(),
            available_at: now.toISOString(),
            locked_until: null,
            attempts: 0,
          })
          .execute();
      }
      return true;
    });
    if (isClaimed) queued.push(owner);
  }
  return queued;
}
