import { sql, type Kysely } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { INBOX_STATUSES } from '../../common/studio-inbox';
import type { Store } from '../../server/store/store';
import { legacyBackends, type LegacyDatabase } from './helpers/legacy-database';

const backends = legacyBackends('ember-joined-work-');

/** The last migration of the release before the change of model (commit 9cf3e07). */
const BEFORE_THE_CHANGE = '0029-calendar-removals';
/** The last migration of the release that joined the calls (0032) and left their work behind. */
const WITH_THE_JOIN = '0043-booking-meeting-room';

const ENQUIRY = '44000000-0000-4000-8000-000000000001';
const CALL = '44000000-0000-4000-8000-000000000002';
const STAFF = '44000000-0000-4000-8000-0000000000aa';

const at = (minute: number) => `2026-05-03T10:${String(minute).padStart(2, '0')}:00.000Z`;

type OldLead = {
  stage: string;
  owner?: string;
  valueMinor?: number;
  /** Minutes after 10:00 on 3 May its stage was set. */
  stageMinute: number;
};

/** Jordan's enquiry (minute 0) and, from minute 5, the lead their booked call made. */
async function insertJordan(
  db: Kysely<unknown>,
  leads: { enquiry: OldLead | null; call: OldLead },
): Promise<void> {
  for (const [id, minute] of [
    [ENQUIRY, 0],
    [CALL, 5],
  ] as const) {
    await sql`insert into enquiries (id, created_at, name, email, service, message, client_ip, status, attempts, inbox_status)
        values (${id}, ${at(minute)}, 'Jordan Reyes', 'jordan@example.com', 'Brand Strategy',
                'Hello.', '203.0.113.7', 'sent', 0, 'read')`.execute(db);
  }
  await sql`insert into bookings (id, enquiry_id, name, email, note, start_at, end_at, blocked_until, day, state, uid, sequence, remind_at, created_at, updated_at)
      values ('b-call', ${CALL}, 'Jordan Reyes', 'jordan@example.com', '', '2026-05-06T10:00:00.000Z',
              '2026-05-06T10:30:00.000Z', '2026-05-06T10:30:00.000Z', '2026-05-06', 'confirmed',
              'uid-call', 0, '2026-05-06T10:00:00.000Z', ${at(5)}, ${at(5)})`.execute(db);
  // The call came from the newsletter: Audience credits its won value there.
  await sql`insert into enquiry_attributions (enquiry_id, source, medium, campaign, landing_path, visited_at)
      values (${CALL}, 'newsletter', 'email', 'may', '/', ${at(4)})`.execute(db);
  for (const [id, lead] of [
    [ENQUIRY, leads.enquiry],
    [CALL, leads.call],
  ] as const) {
    if (lead === null) continue;
    await sql`insert into leads (enquiry_id, stage, owner, value_amount, value_currency, stage_changed_at)
        values (${id}, ${lead.stage}, ${lead.owner ?? null}, ${lead.valueMinor ?? null},
                ${lead.valueMinor === undefined ? null : 'GBP'}, ${at(lead.stageMinute)})`.execute(
      db,
    );
  }
  // The call lead's own work: a note, and a reply with a file.
  await sql`insert into lead_notes (id, enquiry_id, by, at, text)
      values ('n-call', ${CALL}, 'ann@emberandink.example', ${at(20)}, 'Signed the proposal on the call.')`.execute(
    db,
  );
  await sql`insert into lead_messages (id, enquiry_id, direction, message_id, in_reply_to, "references", from_address, to_address, at, subject, text, state, sent_by, is_truncated, from_name, cc, email_text)
      values ('m-call', ${CALL}, 'out', '<m-call@emberandink.example>', null, '', 'hello@emberandink.example',
              'jordan@example.com', ${at(21)}, 'Re: Your call', 'Here is the signed proposal.', 'sent',
              'ann@emberandink.example', 0, 'Ann at Ember & Ink', '', null)`.execute(db);
  await sql`insert into lead_attachments (id, message_id, enquiry_id, name, type, size, content)
      values ('a-call', 'm-call', ${CALL}, 'proposal.txt', 'text/plain', 5, ${Buffer.from('terms')})`.execute(
    db,
  );
  await sql`update leads set last_direction = 'out', last_message_at = ${at(21)} where enquiry_id = ${CALL}`.execute(
    db,
  );
}

async function insertStaffWithDrafts(db: Kysely<unknown>): Promise<void> {
  await sql`insert into staff (id, email, email_key, password_hash, created_at)
      values (${STAFF}, 'ann@emberandink.example', 'ann@emberandink.example', null, ${at(0)})`.execute(
    db,
  );
  for (const [id, text] of [
    [ENQUIRY, 'Ask about the budget.'],
    [CALL, 'Send the invoice.'],
  ] as const) {
    await sql`insert into lead_drafts (staff_id, enquiry_id, kind, text, saved_at)
        values (${STAFF}, ${id}, 'note', ${text}, ${at(25)})`.execute(db);
  }
}

async function listedIds(store: Store): Promise<string[]> {
  const listed = await store.listInbox(
    { statuses: INBOX_STATUSES, service: null, terms: [] },
    null,
    100,
  );
  return listed.map((enquiry) => enquiry.id).sort();
}

describe.each(backends)('a joined lead’s work, kept ($name)', ({ create }) => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  /** The release before the change, filled; then the release that joined the call; then this. */
  async function upgrade(fill: (db: Kysely<unknown>) => Promise<void>): Promise<Store> {
    const legacy: LegacyDatabase = await create();
    cleanups.push(() => legacy.dispose());
    await legacy.migrateTo(BEFORE_THE_CHANGE);
    await fill(legacy.db);
    await legacy.migrateTo(WITH_THE_JOIN);
    const { rows } = await sql<{ lead_id: string | null }>`
      select lead_id from enquiries where id = ${CALL}`.execute(legacy.db);
    expect(rows[0]?.lead_id).toBe(ENQUIRY);
    await legacy.release();
    const store = await legacy.openStore();
    cleanups.push(() => store.close());
    return store;
  }

  it('lists a call lead won after it joined as the won lead it was, with its note, reply and £12,000', async () => {
    const store = await upgrade((db) =>
      insertJordan(db, {
        enquiry: null,
        call: {
          stage: 'won',
          owner: 'ann@emberandink.example',
          valueMinor: 1_200_000,
          stageMinute: 40,
        },
      }),
    );

    expect(await listedIds(store)).toEqual([ENQUIRY, CALL].sort());
    const won = await store.leads.openLead(CALL);
    expect(won).toMatchObject({
      stage: 'won',
      owner: 'ann@emberandink.example',
      value: { amount: 12_000, currency: 'GBP' },
    });
    expect(won?.notes.map((note) => note.text)).toEqual(['Signed the proposal on the call.']);
    expect(won?.thread.map((message) => message.text)).toContain('Here is the signed proposal.');
    const [reply] = won?.thread.filter((message) => message.direction === 'out') ?? [];
    expect(reply?.attachments.map((file) => file.name)).toEqual(['proposal.txt']);
    expect(await store.leads.listEarlierWork(ENQUIRY)).toMatchObject([
      { id: CALL, stage: 'won', value: { amount: 12_000, currency: 'GBP' } },
    ]);
    expect(
      await store.audience.sumWonValues(new Date('2026-05-01'), new Date('2026-06-01')),
    ).toEqual([
      { source: 'newsletter', medium: 'email', campaign: 'may', currency: 'GBP', minor: 1_200_000 },
    ]);
    expect(await store.countInbox()).toMatchObject({ read: 2 });
  });

  it('folds an open call lead worked later into the lead it joined, and notes what the lead was', async () => {
    const store = await upgrade(async (db) => {
      await insertJordan(db, {
        enquiry: { stage: 'contacted', owner: 'bob@emberandink.example', stageMinute: 10 },
        call: {
          stage: 'proposal',
          owner: 'ann@emberandink.example',
          valueMinor: 500_000,
          stageMinute: 30,
        },
      });
      await insertStaffWithDrafts(db);
    });

    expect(await listedIds(store)).toEqual([ENQUIRY]);
    const lead = await store.leads.openLead(ENQUIRY);
    expect(lead).toMatchObject({
      stage: 'proposal',
      owner: 'ann@emberandink.example',
      value: { amount: 5_000, currency: 'GBP' },
    });
    expect(lead?.notes.map((note) => note.text)).toEqual([
      'Signed the proposal on the call.',
      'The lead of 3 May 2026 that joined this one was worked later: this lead took its stage, owner, follow-up and value. Before, this lead was: Contacted, owner bob@emberandink.example.',
    ]);
    const reply = lead?.thread.find((message) => message.direction === 'out');
    expect(reply?.text).toBe('Here is the signed proposal.');
    const file = await store.leads.readAttachment(ENQUIRY, reply?.attachments[0]?.id ?? '');
    expect(file?.content.toString()).toBe('terms');
    expect(await store.leadDrafts.listDrafts({ staffId: STAFF, enquiryId: ENQUIRY })).toMatchObject(
      [{ kind: 'note', text: 'Ask about the budget.\n\nSend the invoice.' }],
    );
  });

  it('keeps a lead closed before the call lead was worked, and notes the call lead’s fields', async () => {
    const store = await upgrade((db) =>
      insertJordan(db, {
        enquiry: { stage: 'won', valueMinor: 300_000, stageMinute: 50 },
        call: { stage: 'contacted', owner: 'ann@emberandink.example', stageMinute: 55 },
      }),
    );

    expect(await listedIds(store)).toEqual([ENQUIRY]);
    const lead = await store.leads.openLead(ENQUIRY);
    expect(lead).toMatchObject({ stage: 'won', value: { amount: 3_000, currency: 'GBP' } });
    expect(lead?.notes.map((note) => note.text)).toEqual([
      'Signed the proposal on the call.',
      'The lead of 3 May 2026 that joined this one was: Contacted, owner ann@emberandink.example.',
    ]);
    expect(lead?.thread.map((message) => message.text)).toContain('Here is the signed proposal.');
  });
});
