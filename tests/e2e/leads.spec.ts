import { randomUUID } from 'node:crypto';
import { hasDovecot } from '../support/dovecot';
import { findAxeViolations } from './support/axe';
import { AUTHSERV_ID, expect, test } from './support/leads-server';
import { waitForEmailIn } from './support/mailbox';
import { welcomeNewStaff } from './support/studio-staff';
import { sendEnquiry } from './support/studio-visitor';

/**
 * A client's answer as their mail client would write it, quoting our reply, delivered with the
 * studio's mail server's verdict that DMARC passed for the client's domain.
 */
function clientAnswer(options: {
  from: string;
  fromDomain: string;
  to: string;
  subject: string;
  inReplyTo: string;
  references: string;
  text: string;
}): string {
  return [
    `Authentication-Results: ${AUTHSERV_ID}; dmarc=pass header.from=${options.fromDomain}`,
    `From: ${options.from}`,
    `To: ${options.to}`,
    `Subject: Re: ${options.subject}`,
    `Message-ID: <${randomUUID()}@example.com>`,
    `In-Reply-To: ${options.inReplyTo}`,
    `References: ${options.references} ${options.inReplyTo}`,
    `Date: ${new Date().toUTCString()}`,
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset=utf-8',
    '',
    options.text,
    '',
    '> When could we talk about the label?',
    '',
  ].join('\r\n');
}

test.skip(!hasDovecot(), 'needs Debian’s dovecot-imapd (installed by .ci/run)');

test('staff reply to an enquiry, the client answers by email, and the lead goes to proposal, then won', async ({
  page,
  leads,
}) => {
  test.slow();
  const enquiry = await sendEnquiry(page, leads.origin);
  await welcomeNewStaff(page, leads);
  await page.getByRole('main').getByRole('link', { name: enquiry.name }).click();
  await expect(page.getByRole('heading', { level: 1, name: enquiry.name })).toBeVisible();

  const question = `When could we talk about the ${enquiry.word} label?`;
  await page.getByLabel(`Reply to ${enquiry.name}`).fill(question);
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(
    page.getByRole('status').filter({ hasText: /Reply queued|reply was sent/ }),
  ).toBeFocused();
  const thread = page.getByRole('region', { name: 'Conversation' });
  const ours = thread.getByRole('article', { name: 'Our reply' });
  await expect(ours).toContainText(question);
  await expect(ours.getByText('Sent', { exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('Your reply was sent.')).toBeVisible();

  const sent = await waitForEmailIn(leads.mailboxDir, (email) => email.to.includes(enquiry.email));
  expect(sent.text).toContain(question);
  const replyTo = sent.replyTo[0] ?? '';
  expect(replyTo).toMatch(/^studio\+.+@emberandink\.example$/);

  const answer = `Tuesday at ten works for us. (${enquiry.word})`;
  await leads.dovecot.deliver(
    clientAnswer({
      from: `${enquiry.name} <${enquiry.email}>`,
      fromDomain: enquiry.email.slice(enquiry.email.indexOf('@') + 1),
      to: replyTo,
      subject: sent.subject,
      inReplyTo: sent.headers['message-id'] ?? '',
      references: sent.headers.references ?? '',
      text: answer,
    }),
  );
  // The mailbox is watched on the server; the open page looks again on its own, a reload is sooner.
  await expect(async () => {
    await page.reload();
    await expect(thread.getByRole('article', { name: 'Their answer' })).toContainText(answer, {
      timeout: 1_000,
    });
  }).toPass({ timeout: 30_000 });
  const theirs = thread.getByRole('article', { name: 'Their answer' });
  await expect(theirs).toContainText(`From ${enquiry.email}`);
  await expect(theirs.getByText('Third party')).toHaveCount(0);
  await page.getByRole('button', { name: 'Edit saved replies' }).click();
  await expect(page.getByRole('form', { name: 'Saved replies' })).toBeVisible();
  expect(await findAxeViolations(page)).toEqual([]);

  const lead = page.getByRole('form', { name: 'Lead' });
  await expect(lead.getByLabel('Stage')).toHaveValue('contacted');
  await lead.getByLabel('Stage').selectOption('proposal');
  await lead.getByRole('button', { name: 'Save lead' }).click();
  await expect(lead.getByRole('status')).toHaveText(/^Saved: Proposal, /);
  await expect(lead.getByRole('status')).toBeFocused();

  await page.getByRole('link', { name: 'Back to the enquiries' }).click();
  await page
    .getByRole('navigation', { name: 'Views' })
    .getByRole('link', { name: 'Board' })
    .click();
  const proposal = page.getByRole('region', { name: /^Proposal, / });
  await proposal.getByRole('button', { name: `Move ${enquiry.name} to Won` }).click();
  await expect(
    page.getByRole('status').filter({ hasText: `${enquiry.name} moved to Won.` }),
  ).toBeVisible();
  const won = page.getByRole('region', { name: /^Won, / });
  await expect(won.getByRole('link', { name: enquiry.name })).toBeVisible();
  await expect(won.getByRole('button', { name: `Move ${enquiry.name} to Lost` })).toBeFocused();
  expect(await findAxeViolations(page)).toEqual([]);

  await page.reload();
  await expect(
    page.getByRole('region', { name: /^Won, / }).getByRole('link', { name: enquiry.name }),
  ).toBeVisible();
});
