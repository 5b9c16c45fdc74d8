import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { hasDovecot } from '../support/dovecot';
import { findAxeViolations } from './support/axe';
import { AUTHSERV_ID, expect, test, type LeadsServer } from './support/leads-server';
import { waitForEmailIn } from './support/mailbox';
import { STAFF_PASSWORD, welcomeNewStaff } from './support/studio-staff';
import { sendEnquiry } from './support/studio-visitor';

test.skip(!hasDovecot(), 'needs Debian’s dovecot-imapd (installed by .ci/run)');

const PERSON_S_BROWSER =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const MEMBER_NAME = 'Sam Rivera';
const SIGNATURE = 'Sam Rivera\nProject lead, Ember & Ink';
/** A proposal as a PDF: a few bytes are enough for the mail to carry and the thread to list. */
const PROPOSAL = Buffer.from('%PDF-1.4\n% a proposal for the label\n%%EOF\n');

/** What the owner sends through the studio's API, as the Team page does. */
async function inviteMember(
  owner: Page,
  leads: LeadsServer,
): Promise<{ email: string; link: string }> {
  const email = `sam-${randomUUID()}@emberandink.example`;
  const answer = await owner.request.post(`${leads.origin}/api/studio/staff`, {
    headers: { origin: leads.origin, 'content-type': 'application/json' },
    data: { email, name: MEMBER_NAME, role: 'member' },
  });
  expect(answer.status()).toBe(201);
  const { link } = (await answer.json()) as { link: string };
  return { email, link };
}

/** Every studio page the journey passes through is clean in both themes at both sizes. */
async function expectAccessible(page: Page): Promise<void> {
  for (const theme of ['light', 'dark'] as const) {
    await page.evaluate((stored) => window.localStorage.setItem('theme', stored), theme);
    await page.reload();
    for (const viewport of [
      { width: 390, height: 844 },
      { width: 1440, height: 900 },
    ]) {
      await page.setViewportSize(viewport);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      expect(await findAxeViolations(page), `${theme} ${viewport.width}`).toEqual([]);
    }
  }
}

test('a member the owner invited answers a lead in their own name with a PDF, keeps a half-written reply, hears back, and wins the lead with its value', async ({
  page,
  browser,
  leads,
}) => {
  test.slow();
  // A visitor from a LinkedIn campaign sends an enquiry.
  // Headless Chromium names itself HeadlessChrome, which the audience counts as a bot.
  const visitor = await browser.newPage({ userAgent: PERSON_S_BROWSER });
  await visitor.goto(`${leads.origin}/?utm_source=linkedin&utm_medium=social&utm_campaign=autumn`);
  const enquiry = await sendEnquiry(visitor, leads.origin);
  await visitor.close();

  // The owner invites the designer; the member chooses a password from the emailed link.
  await welcomeNewStaff(page, leads);
  const invited = await inviteMember(page, leads);
  const welcome = await waitForEmailIn(leads.mailboxDir, (email) =>
    email.to.includes(invited.email),
  );
  // The emailed link is minted as it is sent: another one-time link than the one shown.
  const emailedLink = new RegExp(`${leads.origin}/studio/welcome#token=[\\w-]+`).exec(
    welcome.text,
  )?.[0];
  expect(emailedLink).toBeDefined();
  expect(invited.link).toMatch(/\/studio\/welcome#token=/);
  const memberContext = await browser.newContext();
  const member = await memberContext.newPage();
  await member.goto(emailedLink ?? '');
  await member.getByLabel('New password').fill(STAFF_PASSWORD);
  await member.getByRole('button', { name: 'Set password' }).click();
  await expect(member.getByRole('heading', { level: 1, name: 'Enquiries' })).toBeVisible();
  const signed = await member.request.patch(`${leads.origin}/api/studio/me`, {
    headers: { origin: leads.origin, 'content-type': 'application/json' },
    data: { signature: SIGNATURE },
  });
  expect(signed.status()).toBe(200);

  // Half a reply, then away to the list and back: the words are still there.
  await member.getByRole('main').getByRole('link', { name: enquiry.name }).click();
  await expect(member.getByRole('heading', { level: 1, name: enquiry.name })).toBeVisible();
  const replyBox = member.getByLabel(`Reply to ${enquiry.name}`);
  const firstHalf = `Thank you for thinking of us for the ${enquiry.word} label.`;
  await replyBox.fill(firstHalf);
  await expect(member.getByText('Draft saved')).toBeVisible();
  await member.getByRole('link', { name: 'Back to the enquiries' }).click();
  await member.getByRole('main').getByRole('link', { name: enquiry.name }).click();
  await expect(replyBox).toHaveValue(firstHalf);
  await member.reload();
  await expect(replyBox).toHaveValue(firstHalf);

  // The rest of it, with the proposal attached, sent in the member's name.
  const reply = `${firstHalf} Our proposal is attached.`;
  await replyBox.fill(reply);
  await member.getByLabel('Attach files (optional)').setInputFiles({
    name: 'proposal.pdf',
    mimeType: 'application/pdf',
    buffer: PROPOSAL,
  });
  await member.getByRole('button', { name: 'Send', exact: true }).click();
  const thread = member.getByRole('region', { name: 'Conversation' });
  await expect(thread.getByRole('article', { name: 'Our reply' })).toContainText(reply);
  await expect(member.getByText('Your reply was sent.')).toBeVisible({ timeout: 30_000 });

  const sent = await waitForEmailIn(
    leads.mailboxDir,
    (email) => email.to.includes(enquiry.email) && email.text.includes(reply),
  );
  expect(sent.headers.from).toContain(`${MEMBER_NAME} at Ember & Ink`);
  expect(sent.text).toContain('Project lead, Ember & Ink');
  expect(sent.text).toMatch(/^> We need a label for our/m);
  expect(sent.attachments).toContainEqual({
    filename: 'proposal.pdf',
    contentType: 'application/pdf',
    size: PROPOSAL.byteLength,
  });
  const replyTo = sent.replyTo[0] ?? '';
  expect(replyTo).toMatch(/^studio\+.+@emberandink\.example$/);

  // The client's answer comes back into the conversation.
  const answer = `The proposal looks right, let us go ahead. (${enquiry.word})`;
  await leads.dovecot.deliver(
    [
      `Authentication-Results: ${AUTHSERV_ID}; dmarc=pass header.from=example.com`,
      `From: ${enquiry.name} <${enquiry.email}>`,
      `To: ${replyTo}`,
      `Subject: Re: ${sent.subject}`,
      `Message-ID: <${randomUUID()}@example.com>`,
      `In-Reply-To: ${sent.headers['message-id'] ?? ''}`,
      `References: ${sent.headers['message-id'] ?? ''}`,
      `Date: ${new Date().toUTCString()}`,
      'MIME-Version: 1.0',
      'Content-Type: text/plain; charset=utf-8',
      '',
      answer,
      '',
    ].join('\r\n'),
  );
  await expect(async () => {
    await member.reload();
    await expect(thread.getByRole('article', { name: 'Their answer' })).toContainText(answer, {
      timeout: 1_000,
    });
  }).toPass({ timeout: 30_000 });

  // Won, with what it is worth.
  const lead = member.getByRole('form', { name: 'Lead' });
  await lead.getByLabel('Stage').selectOption('won');
  await lead.getByLabel('Value').fill('12000');
  await lead.getByLabel('Currency').selectOption('GBP');
  await lead.getByRole('button', { name: 'Save lead' }).click();
  await expect(lead.getByRole('status')).toHaveText(/^Saved: Won, /);
  await expectAccessible(member);

  // The owner's Audience page says what the campaign brought.
  await page.goto(`${leads.origin}/studio/audience`);
  await expect(page.getByText(/^linkedin brought £12,000\.00 in won leads/)).toBeVisible();
  await expectAccessible(page);
  await memberContext.close();
});
