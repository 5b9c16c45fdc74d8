import type { Kysely } from 'kysely';
import type { Lead, ThreadAttachment, ThreadMessage } from '../../../common/leads';
import type { Database } from '../db/schema';
import { toLeadNote, toThreadMessage } from './lead-rows';
import { toLeadValue } from './lead-value-columns';
import { readAtOneMoment } from '../db/read-at-one-moment';
import { toDate } from '../db/to-date';
import { readCallEventsOfLeads } from '../bookings/call-events';

/** Rows read per query at most: an `in` list stays well inside both databases' limits. */
const IDS_PER_QUERY = 500;

/**
 * The enquiry's lead: its fields (defaults without a row), notes, thread and its calls' events,
 * oldest first.
 */
export async function readLead(db: Kysely<Database>, enquiryId: string): Promise<Lead | null> {
  return (await readLeads(db, [enquiryId])).get(enquiryId) ?? null;
}

/**
 * The leads of the given enquiries, by id, as readLead reads one; missing ids are left out. All
 * are read at one moment, so a message never shows without the attachments stored with it.
 */
export function readLeads(
  db: Kysely<Database>,
  enquiryIds: readonly string[],
): Promise<Map<string, Lead>> {
  return readAtOneMoment(db, async (db) => {
    const leads = new Map<string, Lead>();
    for (let start = 0; start < enquiryIds.length; start += IDS_PER_QUERY) {
      const ids = enquiryIds.slice(start, start + IDS_PER_QUERY);
      for (const [id, lead] of await readLeadBatch(db, ids)) leads.set(id, lead);
    }
    return leads;
  });
}

/** The rows by key, each group in the rows' order. */
function groupBy<T>(rows: readonly T[], key: (row: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const row of rows) {
    const group = groups.get(key(row));
    if (group === undefined) groups.set(key(row), [row]);
    else group.push(row);
  }
  return groups;
}

function toAttachments(
  rows: readonly { id: string; name: string; size: number; type: string }[],
): ThreadAttachment[] {
  return rows.map(({ id, name, size, type }) => ({ id, name, size, type }));
}

type JoinedEnquiry = {
  id: string;
  lead_id: string | null;
  email: string;
  service: string;
  message: string;
  created_at: Date | string;
};

/**
 * An enquiry that joined the lead, or the call it booked (whose message says when, with the
 * visitor's note), as the thread shows it: what was sent, when. Unverified: a form proves
 * nothing about who typed the address.
 */
function toJoinedMessage(row: JoinedEnquiry): ThreadMessage {
  return {
    id: row.id,
    direction: 'in',
    from: row.email,
    fromName: null,
    to: '',
    cc: [],
    at: toDate(row.created_at).toISOString(),
    subject: row.service,
    text: row.message,
    isAcknowledgement: false,
    state: 'received',
    reason: null,
    isThirdParty: false,
    isThroughTheSite: true,
    isTruncated: false,
    isVerified: false,
    calendarAnswer: null,
    attachments: [],
  };
}

/** The lead's own messages and the enquiries that joined it, oldest first. */
function mergeByTime(own: ThreadMessage[], joined: ThreadMessage[]): ThreadMessage[] {
  if (joined.length === 0) return own;
  return [...own, ...joined].sort((a, b) => a.at.localeCompare(b.at));
}

async function readLeadBatch(db: Kysely<Database>, ids: string[]): Promise<Map<string, Lead>> {
  // One after another: in the transaction they share one connection anyway.
  const enquiries = await db
    .selectFrom('enquiries')
    .leftJoin('leads', 'leads.enquiry_id', 'enquiries.id')
    .select([
      'enquiries.id',
      'enquiries.email',
      'leads.stage',
      'leads.owner',
      'leads.follow_up_on',
      'leads.value_amount',
      'leads.value_currency',
    ])
    .where('enquiries.id', 'in', ids)
    .execute();
  const notes = await db
    .selectFrom('lead_notes')
    .selectAll()
    .where('enquiry_id', 'in', ids)
    .orderBy('at')
    .orderBy('id')
    .execute();
  const messages = await db
    .selectFrom('lead_messages')
    .selectAll()
    .where('enquiry_id', 'in', ids)
    .orderBy('at')
    .orderBy('id')
    .execute();
  const attachments = await db
    .selectFrom('lead_attachments')
    .select(['id', 'message_id', 'name', 'size', 'type'])
    .where('enquiry_id', 'in', ids)
    .orderBy('id')
    .execute();
  const joined = await db
    .selectFrom('enquiries')
    .select(['id', 'lead_id', 'email', 'service', 'message', 'created_at'])
    .where('lead_id', 'in', ids)
    .where('inbox_status', '<>', 'spam')
    .execute();
  const callEvents = await readCallEventsOfLeads(db, ids);
  const joinedOf = groupBy(joined, (row) => row.lead_id ?? '');
  const byMessage = groupBy(attachments, (row) => row.message_id);
  const notesOf = groupBy(notes, (row) => row.enquiry_id);
  const messagesOf = groupBy(messages, (row) => row.enquiry_id);
  return new Map(
    enquiries.map((enquiry) => [
      enquiry.id,
      {
        stage: enquiry.stage ?? 'new',
        owner: enquiry.owner,
        followUpOn: enquiry.follow_up_on,
        value: toLeadValue(enquiry.value_amount, enquiry.value_currency),
        notes: (notesOf.get(enquiry.id) ?? []).map(toLeadNote),
        thread: mergeByTime(
          (messagesOf.get(enquiry.id) ?? []).map((row) =>
            toThreadMessage(row, enquiry.email, toAttachments(byMessage.get(row.id) ?? [])),
          ),
          (joinedOf.get(enquiry.id) ?? []).map(toJoinedMessage),
        ),
        callEvents: callEvents.get(enquiry.id) ?? [],
      },
    ]),
  );
}
