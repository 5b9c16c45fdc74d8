import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { INBOX_STATUSES } from '../../../common/studio-inbox';
import {
  describeEachStore,
  MESSAGE,
  newEnquiry,
} from '../../../tests/server/helpers/store-fixtures';
import type { Store } from '../store';

const JORDAN = 'jordan@example.com';

/** Jordan's lead and a second enquiry of theirs, which joined it. */
async function leadAndJoined(store: Store): Promise<{ lead: string; joined: string }> {
  const ids: string[] = [];
  for (const message of ['A new identity, please.', 'And a website?']) {
    const saved = await store.saveEnquiry(
      newEnquiry({ message: { ...MESSAGE, email: JORDAN, message } }),
    );
    if (saved.kind !== 'created') throw new Error(`expected created, got ${saved.kind}`);
    ids.push(saved.id);
  }
  const [lead, joined] = ids;
  if (lead === undefined || joined === undefined) throw new Error('expected two enquiries');
  return { lead, joined };
}

describeEachStore("work given a joined enquiry's id", (subject) => {
  it('lands on the lead it joined: note, stage, owner, value, reply, answer and draft', async () => {
    const { store } = subject;
    const { lead, joined } = await leadAndJoined(store);
    const now = new Date();

    await store.leads.addNote(joined, {
      by: 'ana@emberandink.example',
      text: 'Call on Friday.',
      now,
    });
    await store.leads.changeLead(
      joined,
      {
        stage: 'proposal',
        owner: 'bo@emberandink.example',
        value: { minor: 500_000, currency: 'GBP' },
      },
      now,
      'ana@emberandink.example',
    );
    const replyId = randomUUID();
    await store.leads.queueReply(joined, {
      id: replyId,
      messageId: `<reply-${replyId}@emberandink.example>`,
      rootMessageId: `<enquiry-${joined}@emberandink.example>`,
      by: 'ana@emberandink.example',
      fromName: 'Ana at Ember & Ink',
      text: 'Here is our proposal.',
      emailText: 'Here is our proposal.',
      cc: [],
      attachments: [{ name: 'proposal.txt', type: 'text/plain', content: Buffer.from('terms') }],
      from: 'hello@emberandink.example',
      subject: 'Re: Your enquiry to Ember & Ink',
      replyTokenHash: null,
      now,
    });
    await store.leads.importMessage({
      messageId: `<${randomUUID()}@example.com>`,
      from: JORDAN,
      to: 'hello@emberandink.example',
      at: new Date(now.getTime() + 60_000),
      subject: 'Re: Your enquiry to Ember & Ink',
      text: 'Looks good.',
      isTruncated: false,
      isVerified: true,
      attachments: [],
      answers: [`<reply-${replyId}@emberandink.example>`],
      rootEnquiryIds: [],
      bookingIds: [],
      isAnswerToUs: true,
      calendarReply: null,
      replyTokenHashes: [],
    });

    const listed = await store.listInbox(
      { statuses: INBOX_STATUSES, service: null, terms: [] },
      null,
      10,
    );
    expect(listed.map((enquiry) => enquiry.id)).toEqual([lead]);
    const read = await store.leads.openLead(lead);
    expect(read).toMatchObject({
      stage: 'proposal',
      owner: 'bo@emberandink.example',
      value: { amount: 5_000, currency: 'GBP' },
    });
    expect(read?.notes.map((note) => note.text)).toEqual(['Call on Friday.']);
    const thread = read?.thread.filter((message) => !message.isThroughTheSite) ?? [];
    expect(thread.map((message) => message.text)).toEqual(['Here is our proposal.', 'Looks good.']);
    const file = thread[0]?.attachments[0];
    expect((await store.leads.readAttachment(lead, file?.id ?? ''))?.content.toString()).toBe(
      'terms',
    );
  });

  it("keeps a person's draft on the lead, whichever of its enquiries they opened", async () => {
    const { store } = subject;
    const { lead, joined } = await leadAndJoined(store);
    const staff = await store.auth.createStaff('ana@emberandink.example', new Date());
    if (staff === null) throw new Error('expected a staff member');

    await store.leadDrafts.saveDraft(
      { staffId: staff.id, enquiryId: joined },
      { kind: 'reply', text: 'Dear Jordan,', now: new Date() },
    );
    expect(await store.leadDrafts.listDrafts({ staffId: staff.id, enquiryId: lead })).toMatchObject(
      [{ kind: 'reply', text: 'Dear Jordan,' }],
    );
    await store.leadDrafts.discardDraft({ staffId: staff.id, enquiryId: joined }, 'reply');
    expect(await store.leadDrafts.listDrafts({ staffId: staff.id, enquiryId: lead })).toEqual([]);
  });
});
