import type { Page } from '@playwright/test';
import { findAxeViolations } from './support/axe';
import { waitForEmailIn } from './support/mailbox';
import { welcomeNewStaff } from './support/studio-staff';
import { expect, test, type StudioServer } from './support/studio-server';
import { subscribe, uniqueWord } from './support/studio-visitor';

/** A reader signed up in the footer and confirmed from the email: someone a letter goes to. */
async function confirmedReader(page: Page, studio: StudioServer): Promise<string> {
  const address = await subscribe(page, studio.origin);
  const email = await waitForEmailIn(
    studio.mailboxDir,
    (sent) => sent.to.includes(address) && sent.subject.startsWith('Confirm your subscription'),
  );
  const confirm = /Confirm your subscription: (\S+)/.exec(email.text)?.[1];
  if (confirm === undefined) throw new Error(`The email has no confirmation link:\n${email.text}`);
  await page.goto(confirm);
  await page.getByRole('button', { name: 'Confirm subscription' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('You are subscribed');
  return address;
}

/** The preview of the email: the email's own markup, in a frame that runs no script. */
const EMAIL_FRAME = 'iframe[title="The letter as an email client shows it"]';

/** The screen is clean at a phone's size and a desktop's (the email's frame apart). */
async function expectAccessible(page: Page, name: string): Promise<void> {
  for (const viewport of [
    { width: 390, height: 844 },
    { width: 1440, height: 900 },
  ]) {
    await page.setViewportSize(viewport);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await findAxeViolations(page, [EMAIL_FRAME]), `${name} at ${viewport.width}`).toEqual(
      [],
    );
  }
}

test('an owner writes a letter, sees it as an inbox shows it, tests it, sends it, and sees it sent', async ({
  page,
  studio,
}) => {
  test.slow();
  const reader = await confirmedReader(page, studio);
  const owner = await welcomeNewStaff(page, studio);
  const word = uniqueWord();
  const subject = `Studio notes ${word}`;

  await page
    .getByRole('navigation', { name: 'Studio' })
    .getByRole('link', { name: 'Letters' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Letters' })).toBeVisible();
  await expectAccessible(page, 'the letters');

  await page.getByRole('button', { name: 'New letter' }).click();
  await page.getByLabel('Subject', { exact: true }).fill(subject);
  await page.getByRole('button', { name: 'Start writing' }).click();
  await expect(page.getByRole('heading', { level: 1, name: subject })).toBeVisible();

  await page
    .getByLabel('The letter', { exact: true })
    .fill(`## A new kiln\n\nThe **${word}** glaze is ready.`);
  await expect(page.getByText('All changes saved.')).toBeVisible();
  const email = page.frameLocator(EMAIL_FRAME);
  await expect(email.getByRole('heading', { name: 'A new kiln' })).toBeVisible();
  await expect(email.getByText(`The ${word} glaze is ready.`)).toBeVisible();
  await page.getByLabel('Dark', { exact: true }).check();
  await expect(email.getByText(`The ${word} glaze is ready.`)).toBeVisible();
  await expectAccessible(page, 'a draft');

  await page.getByRole('button', { name: 'Send me a test' }).click();
  await expect(page.getByText(`Sent to ${owner}.`)).toBeVisible();
  const copy = await waitForEmailIn(
    studio.mailboxDir,
    (sent) => sent.to.includes(owner) && sent.subject.includes(subject),
  );
  expect(copy.text).toContain(word);

  await page.getByRole('button', { name: 'Send now' }).click();
  const question = page.getByRole('group', { name: /^Send this letter now to \d+ subscribers?\?/ });
  await expect(question).toBeVisible();
  await question.getByRole('button', { name: 'Yes, send it now' }).click();
  await expect(page.getByText(/^Sending to \d+ subscribers?\.$/)).toBeFocused();

  const letter = await waitForEmailIn(
    studio.mailboxDir,
    (sent) => sent.to.includes(reader) && sent.subject === subject,
  );
  expect(letter.text).toContain(word);

  await page.getByRole('link', { name: 'All letters' }).click();
  const row = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: subject }) });
  // The list asks again while the letter sends, so it turns to Sent without a reload.
  await expect(row).toContainText('Sent on', { timeout: 60_000 });
  await expect(row).toContainText('sent · 0 failed · 0 bounced · 0 left');
});
