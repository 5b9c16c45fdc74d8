import { sql, type Kysely } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { INBOX_STATUSES } from '../../common/studio-inbox';
import { legacyBackends } from './helpers/legacy-database';

const backends = legacyBackends('ember-one-lead-');

const idOf = (index: number) => `30000000-0000-4000-8000-${String(index).padStart(12, '0')}`;

type OldEnquiry = {
  index: number;
  email: string;
  /** Minutes after 10:00 on 2026-11-28 it arrived. */
  minute: number;
  stage?: 'won' | 'lost' | 'contacted';
  /** When its stage was set, minutes after 10:00. */
  stageMinute?: number;
  /** It was made by a booked call. */
  isCall?: boolean;
  isSpam?: boolean;
};

const at = (minute: number) => `2026-11-28T10:${String(minute).padStart(2, '0')}:00.000Z`;

async function insertOld(db: Kysely<unknown>, old: OldEnquiry): Promise<void> {
  const id = idOf(old.index);
  await sql`insert into enquiries (id, created_at, name, email, service, message, client_ip, status, attempts, inbox_status)
      values (${id}, ${at(old.minute)}, 'Jordan Reyes', ${old.email}, 'Brand Strategy',
              ${`Enquiry ${old.index}`}, '203.0.113.7', ${old.isSpam === true ? 'spam' : 'sent'}, 0,
              ${old.isSpam === true ? 'spam' : 'new'})`.execute(db);
  if (old.stage !== undefined) {
    await sql`insert into leads (enquiry_id, stage, stage_changed_at)
        values (${id}, ${old.stage}, ${at(old.stageMinute ?? old.minute)})`.execute(db);
  }
  if (old.isCall === true) {
    const start = `2026-12-01T${String(9 + old.index).padStart(2, '0')}:00:00.000Z`;
    const end = `2026-12-01T${String(9 + old.index).padStart(2, '0')}:30:00.000Z`;
    await sql`insert into bookings (id, enquiry_id, name, email, note, start_at, end_at, blocked_until, day, state, uid, sequence, remind_at, created_at, updated_at)
        values (${`b-${id}`}, ${id}, 'Jordan Reyes', ${old.email}, '', ${start}, ${end}, ${end},
                '2026-12-01', 'confirmed', ${`uid-${id}`}, 0, ${start}, ${at(old.minute)}, ${at(old.minute)})`.execute(
      db,
    );
  }
}

describe.each(backends)('one person, one lead, migrated ($name)', ({ create }) => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  it('files the calls a booking split off under the lead their person had open then', async () => {
    const legacy = await create();
    cleanups.push(() => legacy.dispose());
    await legacy.migrateTo('0029-calendar-removals');
    const olds: OldEnquiry[] = [
      // Jordan enquired, booked, booked again, and the enquiry was won after both calls.
      { index: 1, email: 'jordan@example.com', minute: 0, stage: 'won', stageMinute: 30 },
      { index: 2, email: 'jordan@EXAMPLE.com', minute: 2, isCall: true },
      { index: 3, email: 'jordan@example.com', minute: 4, isCall: true },
      // Maya's lead was lost before she booked: her call is a lead of its own, and her next call joins it.
      { index: 4, email: 'maya@example.com', minute: 1, stage: 'lost', stageMinute: 3 },
      { index: 5, email: 'maya@example.com', minute: 5, isCall: true },
      { index: 6, email: 'maya@example.com', minute: 6, isCall: true },
      // Spam is nobody's lead; a second plain enquiry is left as it was.
      { index: 7, email: 'sam@example.com', minute: 1, isSpam: true },
      { index: 8, email: 'sam@example.com', minute: 2, isCall: true },
      { index: 9, email: 'sam@example.com', minute: 7 },
    ];
    for (const old of olds) await insertOld(legacy.db, old);
    await legacy.release();

    const store = await legacy.openStore();
    cleanups.push(() => store.close());
    const listed = await store.listInbox(
      { statuses: INBOX_STATUSES, service: null, terms: [] },
      null,
      100,
    );
    expect(listed.map((enquiry) => enquiry.id).sort()).toEqual([1, 4, 5, 7, 8, 9].map(idOf).sort());
    expect(await store.countInbox()).toEqual({ new: 5, read: 0, archived: 0, spam: 1 });
    const calls = async (index: number) =>
      (await store.bookings.listCallsOfLead(idOf(index))).map((call) => call.enquiryId);
    expect(await calls(1)).toEqual([idOf(3), idOf(2)]);
    expect(await calls(5)).toEqual([idOf(6), idOf(5)]);
    expect(await calls(8)).toEqual([idOf(8)]);
    expect((await store.leads.listEarlierWork(idOf(5))).map((lead) => lead.id)).toEqual([idOf(4)]);

    // A new enquiry from Jordan, whose lead is now won, starts a lead; the won one is earlier work.
    const next = await store.saveEnquiry({
      message: {
        name: 'Jordan Reyes',
        email: 'jordan@example.com',
        service: 'Website / Landing Page Design',
        message: 'Hi again.',
      },
      isSpam: false,
      clientIp: '203.0.113.7',
      userAgent: null,
      idempotency: null,
    });
    if (next.kind !== 'created') throw new Error('expected created');
    expect(next.leadId).toBe(next.id);
    expect((await store.leads.listEarlierWork(next.id)).map((lead) => lead.id)).toEqual([idOf(1)]);
  });
});
