import { randomUUID } from 'node:crypto';
import { sql, type Kysely, type Migration } from 'kysely';
import { fromMinorUnits } from '../../../common/lead-value';

/** Joined enquiries read per statement. */
const BATCH = 200;

/** Who the note that records a folded lead's fields is by, as the lead's notes show it. */
const NOTE_AUTHOR = 'Ember & Ink';

/** Between the words of a person's two drafts of one kind, kept as one. */
const DRAFTS_APART = sql`cast(${'\n\n'} as text)`;

const CLOSED = new Set(['won', 'lost']);

const STAGE_WORDS: Record<string, string> = {
  new: 'New',
  contacted: 'Contacted',
  proposal: 'Proposal',
  won: 'Won',
  lost: 'Lost',
};

type Instant = string | Date | null;

/** A joined enquiry with work of its own, and its lead row's stage when it has one. */
type JoinedRow = { id: string; lead_id: string; created_at: string | Date; stage: string | null };

/** A `leads` row, as either database answers it. */
type LeadRow = {
  enquiry_id: string;
  stage: string;
  owner: string | null;
  follow_up_on: string | null;
  value_amount: number | string | null;
  value_currency: string | null;
  reply_token_hash: string | null;
  last_direction: string | null;
  last_message_at: Instant;
  unread_reply_at: Instant;
  stage_changed_at: Instant;
};

/** A lead with no row yet: its defaults. */
const newLead = (enquiryId: string): LeadRow => ({
  enquiry_id: enquiryId,
  stage: 'new',
  owner: null,
  follow_up_on: null,
  value_amount: null,
  value_currency: null,
  reply_token_hash: null,
  last_direction: null,
  last_message_at: null,
  unread_reply_at: null,
  stage_changed_at: null,
});

const time = (value: Instant): number => (value === null ? -Infinity : new Date(value).getTime());

/** When the lead was last worked: its stage moved or a message went either way. */
const workedAt = (lead: LeadRow): number =>
  Math.max(time(lead.stage_changed_at), time(lead.last_message_at));

/** "Won, £12,000.00, owner ann@example.com", or null when the lead was never worked. */
function describeFields(lead: LeadRow): string | null {
  const words: string[] = [];
  if (lead.stage !== 'new') words.push(STAGE_WORDS[lead.stage] ?? lead.stage);
  if (lead.value_amount !== null && lead.value_currency !== null) {
    const major = fromMinorUnits(Number(lead.value_amount), lead.value_currency);
    const style = { style: 'currency', currency: lead.value_currency } as const;
    words.push(new Intl.NumberFormat('en-GB', style).format(major));
  }
  if (lead.owner !== null) words.push(`owner ${lead.owner}`);
  if (lead.follow_up_on !== null) words.push(`follow-up ${lead.follow_up_on}`);
  return words.length === 0 ? null : words.join(', ');
}

const dayOf = (value: string | Date): string =>
  new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(value));

/**
 * Keeps the work of every lead that 0032 (or an old link since) left under an enquiry that
 * joined another lead (docs/decisions/0117-a-joined-lead-s-work-kept.md): a closed one (won or
 * lost) is a lead of its own again, as it was worked; an open one's notes, thread, attachments
 * and drafts move onto the lead it joined, which keeps the stage, owner, follow-up and value of
 * the one worked last (a closed lead keeps its own) and a note records the other's. Rows only,
 * a batch of joined enquiries at a time, read through the `lead_id` index: the previous release
 * reads every one of these tables by the lead's id, and finds the work there as each one moves.
 */
export function keepJoinedLeadsWork(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      let after = '';
      for (;;) {
        const { rows } = await sql<JoinedRow>`
          select e.id, e.lead_id, e.created_at, j.stage
            from enquiries e
            left join leads j on j.enquiry_id = e.id
            where e.lead_id is not null and e.id > ${after}
              and (j.enquiry_id is not null
                   or exists (select 1 from lead_notes n where n.enquiry_id = e.id)
                   or exists (select 1 from lead_messages m where m.enquiry_id = e.id)
                   or exists (select 1 from lead_drafts d where d.enquiry_id = e.id))
            order by e.id
            limit ${BATCH}`.execute(db);
        for (const row of rows) await keepWorkOf(db, row);
        const last = rows.at(-1);
        if (last === undefined || rows.length < BATCH) return;
        after = last.id;
      }
    },
  };
}

async function keepWorkOf(db: Kysely<unknown>, row: JoinedRow): Promise<void> {
  if (row.stage !== null && CLOSED.has(row.stage)) {
    // Closed leads are earlier work, never merged (0087): it is a lead of its own again.
    await sql`update enquiries set lead_id = null where id = ${row.id}`.execute(db);
    return;
  }
  await moveChildren(db, row.id, row.lead_id);
  if (row.stage !== null) await foldFields(db, row);
}

/** The joined enquiry's notes, thread, attachments and drafts, onto its lead. */
async function moveChildren(db: Kysely<unknown>, from: string, to: string): Promise<void> {
  // By message, whose index the attachments have; before the messages leave `from`.
  await sql`update lead_attachments set enquiry_id = ${to}
      where message_id in (select id from lead_messages where enquiry_id = ${from})`.execute(db);
  await sql`update lead_messages set enquiry_id = ${to} where enquiry_id = ${from}`.execute(db);
  await sql`update lead_notes set enquiry_id = ${to} where enquiry_id = ${from}`.execute(db);
  // A person's two drafts of one kind become one that keeps the words of both.
  await sql`insert into lead_drafts (staff_id, enquiry_id, kind, text, saved_at)
      select staff_id, ${to}, kind, text, saved_at from lead_drafts where enquiry_id = ${from}
      on conflict (staff_id, enquiry_id, kind) do update
        set text = lead_drafts.text || ${DRAFTS_APART} || excluded.text,
            saved_at = case when excluded.saved_at > lead_drafts.saved_at
                            then excluded.saved_at else lead_drafts.saved_at end`.execute(db);
  await sql`delete from lead_drafts where enquiry_id = ${from}`.execute(db);
}

/**
 * The lead takes the joined one's stage, owner, follow-up and value when it is open and was
 * never worked, or that one was worked later; a note on the lead records whichever fields gave way. The thread
 * fields follow the later message. The joined row keeps nothing but its reply token, and only
 * while the lead has one of its own (import-message.ts reads a token's lead through it).
 */
async function foldFields(db: Kysely<unknown>, row: JoinedRow): Promise<void> {
  const { rows } = await sql<LeadRow>`
    select enquiry_id, stage, owner, follow_up_on, value_amount, value_currency,
           reply_token_hash, last_direction, last_message_at, unread_reply_at, stage_changed_at
      from leads where enquiry_id in (${row.id}, ${row.lead_id})`.execute(db);
  const joined = rows.find((lead) => lead.enquiry_id === row.id);
  if (joined === undefined) return;
  const lead = rows.find((other) => other.enquiry_id === row.lead_id) ?? newLead(row.lead_id);
  // A lead nobody worked gives way whenever it is open: nothing of it is lost.
  const joinedWins =
    !CLOSED.has(lead.stage) && (describeFields(lead) === null || workedAt(joined) > workedAt(lead));
  const [kept, gaveWay] = joinedWins ? [joined, lead] : [lead, joined];
  const [lastSpoken, firstSpoken] =
    time(joined.last_message_at) > time(lead.last_message_at) ? [joined, lead] : [lead, joined];
  const tokenMoves = lead.reply_token_hash === null;
  await sql`update leads set reply_token_hash = ${tokenMoves ? null : joined.reply_token_hash},
        stage = 'new', owner = null, follow_up_on = null, value_amount = null,
        value_currency = null, last_direction = null, last_message_at = null,
        unread_reply_at = null, stage_changed_at = null
      where enquiry_id = ${row.id}`.execute(db);
  await sql`insert into leads (enquiry_id, stage) values (${row.lead_id}, 'new')
      on conflict (enquiry_id) do nothing`.execute(db);
  await sql`update leads set stage = ${kept.stage}, owner = ${kept.owner},
        follow_up_on = ${kept.follow_up_on}, value_amount = ${kept.value_amount},
        value_currency = ${kept.value_currency}, stage_changed_at = ${kept.stage_changed_at},
        reply_token_hash = ${tokenMoves ? joined.reply_token_hash : lead.reply_token_hash},
        last_direction = ${lastSpoken.last_direction},
        last_message_at = ${lastSpoken.last_message_at},
        unread_reply_at = ${lastSpoken.unread_reply_at ?? firstSpoken.unread_reply_at}
      where enquiry_id = ${row.lead_id}`.execute(db);
  const words = describeFields(gaveWay);
  if (words === null) return;
  const day = dayOf(row.created_at);
  const text = joinedWins
    ? `The lead of ${day} that joined this one was worked later: this lead took its stage, owner, follow-up and value. Before, this lead was: ${words}.`
    : `The lead of ${day} that joined this one was: ${words}.`;
  await sql`insert into lead_notes (id, enquiry_id, by, at, text)
      values (${randomUUID()}, ${row.lead_id}, ${NOTE_AUTHOR}, ${new Date().toISOString()}, ${text})`.execute(
    db,
  );
}
