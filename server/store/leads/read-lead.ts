import type { Kysely } from 'kysely';
import type { Lead, ThreadAttachment } from '../../../common/leads';
import type { Database } from '../db/schema';
import { toLeadNote, toThreadMessage } from './lead-rows';
import { toLeadValue } from './lead-value-columns';

/** Rows read per query at most: an `in` list stays well inside both databases' limits. */
const IDS_PER_QUERY = 500;

/** The enquiry's lead: its fields (defaults without a row), notes and thread, oldest first. */
export async function readLead(db: Kysely<Database>, enquiryId: string): Promise<Lead | null> {
  return (await readLeads(db, [enquiryId])).get(enquiryId) ?? null;
}

/** The leads of the given enquiries, by id, as readLead reads one; missing ids are left out. */
export async function readLeads(
  db: Kysely<Database>,
  enquiryIds: readonly string[],
): Promise<Map<string, Lead>> {
  const leads = new Map<string, Lead>();
  for (let start = 0; start < enquiryIds.length; start += IDS_PER_QUERY) {
    const ids = enquiryIds.slice(start, start + IDS_PER_QUERY);
    for (const [id, lead] of await readLeadBatch(db, ids)) leads.set(id, lead);
  }
  return leads;
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

async function readLeadBatch(db: Kysely<Database>, ids: string[]): Promise<Map<string, Lead>> {
  const [enquiries, notes, messages, attachments] = await Promise.all([
    db
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
      .execute(),
    db
      .selectFrom('lead_notes')
      .selectAll()
      .where('enquiry_id', 'in', ids)
      .orderBy('at')
      .orderBy('id')
      .execute(),
    db
      .selectFrom('lead_messages')
      .selectAll()
      .where('enquiry_id', 'in', ids)
      .orderBy('at')
      .orderBy('id')
      .execute(),
    db
      .selectFrom('lead_attachments')
      .select(['id', 'message_id', 'name', 'size', 'type'])
      .where('enquiry_id', 'in', ids)
      .orderBy('id')
      .execute(),
  ]);
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
        thread: (messagesOf.get(enquiry.id) ?? []).map((row) =>
          toThreadMessage(row, enquiry.email, toAttachments(byMessage.get(row.id) ?? [])),
        ),
      },
    ]),
  );
}
