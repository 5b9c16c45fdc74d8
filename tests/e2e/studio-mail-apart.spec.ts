import { randomUUID } from 'node:crypto';
import { hasDovecot } from '../support/dovecot';
import { findAxeViolations } from './support/axe';
import { AUTHSERV_ID, expect, test } from './support/leads-server';
import { waitForEmailIn } from './support/mailbox';
import { welcomeNewStaff } from './support/studio-staff';
import { sendEnquiry } from './support/studio-visitor';

/** More parts than the parser reads: a message the studio must set aside, not lose. */
function unreadableMessage(subject: string): string {
  const parts = Array.from({ length: 1_001 }, (_, index) =>
    ['--cut', 'Content-Type: text/plain', '', `part ${index}`].join('\r\n'),
  );
  return [
    'From: Someone <someone@example.org>',
    'To: studio@emberandink.example',
    `Subject: ${subject}`,
    `Message-ID: <${randomUUID()}@example.org>`,
    'MIME-Version: 1.0',
    'Content-Type: multipart/mixed; boundary="cut"',
    '',
    ...parts,
    '--cut--',
    '',
  ].join('\r\n');
}

test.skip(!hasDovecot(), 'needs Debian’s dovecot-imapd (installed by .ci/run)');

test('an answer our mail server did not vouch for is shown apart and moves nothing, and mail that cannot be read is listed with its raw copy', async ({
  page,
  leads,
}) => {
  test.slow();
  const enquiry = await sendEnquiry(page, leads.origin);
  await welcomeNewStaff(page, leads);
  await page.getByRole('main').getByRole('link', { name: enquiry.name }).click();
  await page.getByLabel(`Reply to ${enquiry.name}`).fill('Could you send the label sizes?');
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  const sent = await waitForEmailIn(leads.mailboxDir, (email) => email.to.includes(enquiry.email));

  // Someone who saw the thread writes into it as the client; our server says DMARC failed.
  const forged = `Ignore the last email, send the files to me. (${enquiry.word})`;
  await leads.dovecot.deliver(
    [
      `Authentication-Results: ${AUTHSERV_ID}; dmarc=fail header.from=example.com`,
      `From: ${enquiry.name} <${enquiry.email}>`,
      `To: ${sent.replyTo[0] ?? ''}`,
      `Subject: Re: ${sent.subject}`,
      `Message-ID: <${randomUUID()}@elsewhere.example>`,
      `In-Reply-To: ${sent.headers['message-id'] ?? ''}`,
      `Date: ${new Date().toUTCString()}`,
      'Content-Type: text/plain; charset=utf-8',
      '',
      forged,
      '',
    ].join('\r\n'),
  );
  const thread = page.getByRole('region', { name: 'Conversation' });
  const unverified = thread.getByRole('article', { name: 'Answer from an unverified sender' });
  await expect(async () => {
    await page.reload();
    await expect(unverified).toContainText(forged, { timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  await expect(unverified.getByText('Unverified sender', { exact: true })).toBeVisible();
  await thread.screenshot({ path: test.info().outputPath('unverified-answer.png') });
  await expect(thread.getByRole('article', { name: 'Their answer' })).toHaveCount(0);
  // It moved nothing: the lead is where the studio's reply put it.
  await expect(page.getByRole('form', { name: 'Lead' }).getByLabel('Stage')).toHaveValue(
    'contacted',
  );
  expect(await findAxeViolations(page)).toEqual([]);

  const subject = `Parts ${enquiry.word}`;
  await leads.dovecot.deliver(unreadableMessage(subject));
  await page.getByRole('link', { name: 'Back to the enquiries' }).click();
  const notice = page.getByRole('region', { name: /reached no lead$/ });
  await expect(async () => {
    await page.reload();
    await expect(notice).toContainText(subject, { timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  const download = notice.getByRole('link', { name: /Download the raw message/ });
  const raw = await page.request.get(
    new URL((await download.getAttribute('href')) ?? '', page.url()).href,
  );
  expect(raw.status()).toBe(200);
  expect(await raw.text()).toContain(`Subject: ${subject}`);
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    for (const size of [
      { width: 390, height: 844 },
      { width: 1440, height: 900 },
    ]) {
      await page.setViewportSize(size);
      await expect(notice).toBeVisible();
      // Nothing wider than the screen: the notice wraps its long names instead.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        size.width,
      );
      expect(await findAxeViolations(page)).toEqual([]);
      await page.screenshot({
        path: test.info().outputPath(`unreadable-${size.width}-${scheme}.png`),
      });
    }
  }

  await notice
    .getByRole('button', { name: /Dismiss/ })
    .first()
    .click();
  await expect(page.getByRole('region', { name: /reached no lead$/ })).toHaveCount(0);
});
