import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { describeEachStore, saveEnquiries } from '../../../tests/server/helpers/store-fixtures';
import {
  ANSWER_QUOTE_LENGTH,
  composeLeadAnsweredEmail,
} from '../../mail/compose-lead-answered-email';
import type { OutgoingEmail } from '../../mail/mail-transport';
import type { Store } from '../store';
import { incomingAnswer } from '../../../tests/server/helpers/incoming-answer';
import type { IncomingMessage } from './import-message';

const NOW = new Date('2026-11-28T09:00:00.000Z');
const ANA = 'ana@emberandink.example';
const BO = 'bo@emberandink.example';
const CY = 'cy@emberandink.example';

function answerTo(
  enquiryId: string,
  messageId = `<${randomUUID()}@client.example>`,
  change: Partial<IncomingMessage> = {},
): IncomingMessage {
  return incomingAnswer({
    messageId,
    from: 'client@example.com',
    text: 'Thursday works.',
    isVerified: false,
    rootEnquiryIds: [enquiryId],
    ...change,
  });
}

/** Who the outbox would tell of an answer, and about which lead. */
async function noticesOf(store: Store): Promise<{ to: string; lead: string }[]> {
  const jobs = await store.claimDueEmails(50, 60_000);
  return jobs
    .flatMap((job) =>
      job.kind === 'lead-answered'
        ? [{ to: job.assignment.recipient, lead: job.assignment.enquiryId }]
        : [],
    )
    .sort((a, b) => a.to.localeCompare(b.to));
}

/** The notices the outbox would send now, as their emails read. */
async function noticeEmailsOf(store: Store): Promise<OutgoingEmail[]> {
  const jobs = await store.claimDueEmails(50, 60_000);
  const site = { from: 'website@emberandink.example', siteOrigin: 'https://emberandink.example' };
  return jobs.flatMap((job) =>
    job.kind === 'lead-answered' ? [composeLeadAnsweredEmail(job.id, job.assignment, site)] : [],
  );
}

describeEachStore("a client's answer told to the staff", (subject) => {
  async function team(): Promise<void> {
    const { auth } = subject.store;
    await auth.createStaff(ANA, NOW);
    await auth.createStaff(BO, NOW, { name: 'Bo Chen', role: 'member' });
    const cy = await auth.createStaff(CY, NOW, { name: 'Cy Moss', role: 'owner' });
    if (cy === null) throw new Error('expected a new staff member');
    await auth.changeOwnProfile(cy.id, { notify: 'digest' });
  }

  it("tells every owner who chose it of an answer on an unowned lead, and the lead's owner once owned", async () => {
    await team();
    const [unowned = '', owned = ''] = await saveEnquiries(subject.store, 2);
    await subject.store.leads.changeLead(owned, { owner: BO }, NOW);
    await subject.store.claimDueEmails(50, 60_000);

    await subject.store.leads.importMessage(answerTo(unowned));
    expect(await noticesOf(subject.store)).toEqual([{ to: ANA, lead: unowned }]);
    await subject.store.leads.importMessage(answerTo(owned));
    expect(await noticesOf(subject.store)).toEqual([{ to: BO, lead: owned }]);
  });

  it('tells of one answer once, however often the mailbox hands it over', async () => {
    await team();
    const [lead = ''] = await saveEnquiries(subject.store, 1);
    await subject.store.claimDueEmails(50, 60_000);
    const answer = answerTo(lead);
    await Promise.all([1, 2, 3].map(() => subject.store.leads.importMessage(answer)));
    expect(await noticesOf(subject.store)).toEqual([{ to: ANA, lead }]);
  });

  it('tells nobody who chose the digest or nothing', async () => {
    await team();
    const ana = await subject.store.auth.findStaffByEmail(ANA);
    if (ana === null) throw new Error('expected Ana');
    const changed = await subject.store.auth.changeOwnProfile(ana.id, { notify: 'never' });
    expect(changed?.notify).toBe('never');
    const [lead = ''] = await saveEnquiries(subject.store, 1);
    await subject.store.claimDueEmails(50, 60_000);
    await subject.store.leads.importMessage(answerTo(lead));
    expect(await noticesOf(subject.store)).toEqual([]);
  });

  it("says whether the answer's sender was verified, and carries its words, bounded and as text", async () => {
    await team();
    const [lead = ''] = await saveEnquiries(subject.store, 1);
    await subject.store.claimDueEmails(50, 60_000);

    const forged = 'Please send the files to <b>files@elsewhere.example</b> & not here.';
    await subject.store.leads.importMessage(answerTo(lead, undefined, { text: forged }));
    const [unverified] = await noticeEmailsOf(subject.store);
    expect(unverified?.subject).toMatch(/ answered \(unverified sender\)$/);
    expect(unverified?.text).toContain(
      "Unverified sender: the studio's mail server did not confirm that this came from client@example.com.",
    );
    expect(unverified?.text).toContain(`Their answer:\n\n${forged}`);
    expect(unverified?.html).toContain(
      'Please send the files to &lt;b&gt;files@elsewhere.example&lt;/b&gt; &amp; not here.',
    );
    expect(unverified?.html).not.toContain('<b>');

    const long = `Thursday works. ${'More details. '.repeat(200)}`;
    await subject.store.leads.importMessage(
      answerTo(lead, undefined, { text: long, isVerified: true }),
    );
    const [verified] = await noticeEmailsOf(subject.store);
    expect(verified?.subject).toMatch(/ answered$/);
    expect(verified?.text).toContain(
      "The studio's mail server confirmed it came from client@example.com.",
    );
    expect(verified?.text).not.toContain('Unverified');
    const quoted = verified?.text.split('Their answer:\n\n')[1]?.split('\n\nRead it')[0] ?? '';
    expect(quoted.startsWith('Thursday works. More details.')).toBe(true);
    expect(quoted.endsWith('… (the rest is in the studio)')).toBe(true);
    expect(quoted.length).toBeLessThan(ANSWER_QUOTE_LENGTH + 40);
  });
});
