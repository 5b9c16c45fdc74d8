import { randomUUID } from 'node:crypto';
import { test as base, expect } from '@playwright/test';
import { hasDovecot } from '../support/dovecot';
import { findAxeViolations } from './support/axe';
import { showAtLeastTimes } from './support/booking-times';
import { AUTHSERV_ID, startLeadsServer, type LeadsServer } from './support/leads-server';
import { waitForEmailIn } from './support/mailbox';
import type { StoredEmail } from './support/stored-email';
import { welcomeNewStaff } from './support/studio-staff';
import { sendEnquiry } from './support/studio-visitor';
import { describeVisitorCallTime } from '../../server/booking/describe-call-time';

const LONDON = 'Europe/London';
const CHICAGO = 'America/Chicago';
/** The studio's default length of a call (DESIGN: Appointments), which this server keeps. */
const CALL_MS = 30 * 60_000;
const MEETING_URL = 'https://meet.example/ember-ink';
/** Headless Chromium names itself HeadlessChrome, which the audience counts as a bot. */
const PERSON_S_BROWSER =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
/** The mailbox watch reads the answer at its next look, then the outbox sends the notice. */
const MAIL_ROUND_TRIP_MS = 30_000;

/** The studio in London, its mailbox a real Dovecot watched for the clients' answers. */
const test = base.extend<object, { studio: LeadsServer }>({
  studio: [
    // Playwright reads a fixture's dependencies from this pattern; this one has none.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const studio = await startLeadsServer({ STUDIO_TIME_ZONE: LONDON });
      await use(studio);
      await studio.stop();
    },
    { scope: 'worker' },
  ],
});

test.skip(!hasDovecot(), 'needs Debian’s dovecot-imapd (installed by .ci/run)');

function manageLinkOf(email: StoredEmail): string {
  const link = /https?:\/\/\S+\/booking\/manage\?token=[A-Za-z0-9_-]+/.exec(email.text)?.[0];
  if (link === undefined) throw new Error('The email carries no manage link');
  return link;
}

const to = (address: string, subject: RegExp) => (email: StoredEmail) =>
  email.to.includes(address) && subject.test(email.subject);

/** The visitor's answer to `email`, as their mail client sends it and the studio's server files it. */
function answerTo(email: StoredEmail, from: { name: string; email: string }, text: string) {
  const messageId = email.headers['message-id'] ?? '';
  return [
    `Authentication-Results: ${AUTHSERV_ID}; dmarc=pass header.from=example.com`,
    `From: ${from.name} <${from.email}>`,
    `To: ${email.replyTo[0] ?? ''}`,
    `Subject: Re: ${email.subject}`,
    `Message-ID: <${randomUUID()}@example.com>`,
    `In-Reply-To: ${messageId}`,
    `References: ${email.headers.references ?? ''} ${messageId}`,
    `Date: ${new Date().toUTCString()}`,
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset=utf-8',
    '',
    text,
    '',
  ].join('\r\n');
}

test('a campaign visitor in Chicago enquires, books, answers by email, moves and cancels the call: one lead tells it all', async ({
  page,
  browser,
  studio,
}) => {
  test.slow();
  // The owner says where calls happen.
  const owner = await welcomeNewStaff(page, studio);
  const api = `${studio.origin}/api/studio/booking/availability`;
  const hours = (await (await page.request.get(api)).json()) as Record<string, unknown>;
  const saved = await page.request.put(api, {
    headers: { origin: studio.origin, 'content-type': 'application/json' },
    data: { ...hours, meeting: { kind: 'link', url: MEETING_URL } },
  });
  expect(saved.status()).toBe(200);

  // A visitor in Chicago comes from a LinkedIn campaign, enquires, then books a call.
  const context = await browser.newContext({ timezoneId: CHICAGO, userAgent: PERSON_S_BROWSER });
  const visitor = await context.newPage();
  await visitor.goto(`${studio.origin}/?utm_source=linkedin&utm_medium=social&utm_campaign=fall`);
  const enquiry = await sendEnquiry(visitor, studio.origin);
  await visitor.goto(`${studio.origin}/book`);
  await expect(visitor.getByLabel('Your time:')).toHaveValue(CHICAGO);
  const firstTime = visitor.getByRole('radio').first();
  const start = new Date(await firstTime.inputValue());
  await firstTime.check();
  await visitor.getByLabel('Your name').fill(enquiry.name);
  await visitor.getByLabel('Your email').fill(enquiry.email);
  const note = `We launch the ${enquiry.word} cider in spring.`;
  await visitor.getByLabel('Anything we should know? (optional)').fill(note);
  await visitor.getByRole('button', { name: 'Book this time' }).click();
  await expect(visitor.getByRole('heading', { level: 1 })).toHaveText('Your call is booked');

  // Their invitation gives the time in Chicago beside the studio's, the room and the link.
  const invitation = await waitForEmailIn(studio.mailboxDir, to(enquiry.email, /^Your call with/));
  const booked = describeVisitorCallTime(
    start,
    new Date(start.getTime() + CALL_MS),
    LONDON,
    CHICAGO,
  );
  expect(booked).toContain('your time in Chicago');
  expect(invitation.text).toContain(booked);
  expect(invitation.text).toContain(MEETING_URL);
  const firstLink = manageLinkOf(invitation);
  const studioCopy = await waitForEmailIn(studio.mailboxDir, (email) =>
    email.subject.startsWith(`Call booked: ${enquiry.name}`),
  );
  const leadLink = /https?:\/\/\S+\/studio\?view=enquiry&id=[\w-]+/.exec(studioCopy.text)?.[0];
  if (leadLink === undefined) throw new Error("The studio's copy does not link to the lead");

  // They answer the invitation from their mail client; the lead's owner is told.
  const answer = `Could we bring our designer along? (${enquiry.word})`;
  await studio.dovecot.deliver(answerTo(invitation, enquiry, answer));
  const notice = await waitForEmailIn(
    studio.mailboxDir,
    to(owner, new RegExp(`^${enquiry.name} answered$`)),
    MAIL_ROUND_TRIP_MS,
  );
  expect(notice.text).toContain(leadLink);

  // They move the call from the first email's link; that link then opens it at its new time.
  await visitor.goto(firstLink);
  await expect(visitor.getByRole('heading', { level: 1 })).toHaveText('Your call with the studio');
  await showAtLeastTimes(visitor, 2);
  const later = visitor.getByRole('radio').nth(1);
  const movedStart = new Date(await later.inputValue());
  await later.check();
  await visitor.getByRole('button', { name: 'Move the call to this time' }).click();
  await expect(visitor.getByRole('heading', { level: 1 })).toHaveText('Your call is moved');
  const moved = describeVisitorCallTime(
    movedStart,
    new Date(movedStart.getTime() + CALL_MS),
    LONDON,
    CHICAGO,
  );
  const update = await waitForEmailIn(studio.mailboxDir, to(enquiry.email, /moved/));
  expect(update.text).toContain(moved);
  await visitor.goto(firstLink);
  await expect(visitor.getByRole('heading', { level: 1 })).toHaveText('Your call with the studio');
  const [, movedClock = ''] = /, (\d\d:\d\d–\d\d:\d\d) \(/.exec(moved) ?? [];
  await expect(visitor.locator('main p').first()).toContainText(movedClock);

  // They cancel, saying why.
  const reason = `Our ${enquiry.word} launch moved to the summer.`;
  await visitor.getByRole('button', { name: 'Cancel the call' }).click();
  await visitor.getByLabel('Would you tell us why? (optional)').fill(reason);
  await visitor.getByRole('button', { name: 'Yes, cancel the call' }).click();
  await expect(visitor.getByRole('heading', { level: 1 })).toHaveText('Your call is cancelled');
  await context.close();

  // The studio has one lead for this person, which tells everything in its thread.
  await page.goto(`${studio.origin}/studio`);
  const leads = page.getByRole('main').getByRole('link', { name: enquiry.name });
  await expect(leads).toHaveCount(1);
  // The studio's email of the booking opened that lead.
  await page.goto(leadLink);
  await expect(page.getByRole('heading', { level: 1, name: enquiry.name })).toBeVisible();
  const main = page.getByRole('main');
  await expect(main).toContainText(enquiry.message);
  await expect(page.getByTestId('enquiry-attribution')).toContainText('linkedin');
  const thread = page.getByRole('region', { name: 'Conversation' });
  await expect(thread.getByRole('article', { name: 'Call booked' })).toContainText(note);
  await expect(thread.getByRole('article', { name: 'Call moved' })).toBeVisible();
  await expect(thread.getByRole('article', { name: 'Call cancelled' })).toContainText(reason);
  const answers = thread.getByRole('article', { name: 'Their answer' });
  await expect(answers.filter({ hasText: answer })).toHaveCount(1);
  await expect(page.getByRole('region', { name: 'Private notes' })).toContainText(reason);
  expect(await findAxeViolations(page)).toEqual([]);
});
