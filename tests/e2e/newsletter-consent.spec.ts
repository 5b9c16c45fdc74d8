import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { expect, test } from '@playwright/test';
import { builtCli } from '../support/built-app';
import { listEmails, waitForEmail } from './support/mailbox';
import {
  readNewsletterLinks,
  signUpInFooter,
  waitForConfirmationEmail,
} from './support/newsletter-reader';
import type { StoredEmail } from './support/stored-email';
import { uniqueWord } from './support/studio-visitor';

const run = promisify(execFile);

type SubscriberRow = { email: string; status: string; asked_at: string; confirmed_at: string };
type Person = {
  subscriptions: { status: string; askedAt: string }[];
  outbox: { kind: string }[];
};

/** The studio's CLI, as `npm run enquiries` runs it, on the journey server's data. */
async function cli(args: string[]): Promise<string> {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is unset: the global setup did not run.');
  const { stdout } = await run(process.execPath, [builtCli(), ...args], {
    env: { PATH: process.env.PATH ?? '', DATA_DIR: dataDir },
  });
  return stdout;
}

async function statusOf(address: string): Promise<string | undefined> {
  const rows = JSON.parse(
    await cli(['subscribers', '--all', '--format', 'json']),
  ) as SubscriberRow[];
  return rows.find((row) => row.email === address)?.status;
}

async function confirmedAddresses(): Promise<string[]> {
  const rows = JSON.parse(await cli(['subscribers', '--format', 'json'])) as SubscriberRow[];
  return rows.map((row) => row.email);
}

async function person(address: string): Promise<Person> {
  return JSON.parse(await cli(['person', address])) as Person;
}

test('a footer sign-up is confirmed from the email, then unsubscribed with one click', async ({
  page,
}) => {
  // The journey asks the built CLI eleven times, each a Node start and a store open: about 20 s
  // alone, 47 s beside another worker and the Vitest suites.
  test.slow();
  const address = `reader-${uniqueWord()}@example.com`;
  const isForReader = (email: StoredEmail) => email.to.includes(address);

  await signUpInFooter(page, address);
  const email = await waitForConfirmationEmail(address);
  const links = readNewsletterLinks(email);
  // The header carries the same link as the email's text, for the mail client's own button.
  expect(email.headers['list-unsubscribe']).toMatch(
    /^<https?:\/\/\S+\/newsletter\/unsubscribe\?token=\S+>$/,
  );
  expect(email.headers['list-unsubscribe']).toContain(new URL(links.unsubscribe).search);
  expect(email.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
  expect(await statusOf(address)).toBe('pending');
  expect(await confirmedAddresses()).not.toContain(address);

  // A second sign-up within 24 hours: the same answer, but no second email is queued.
  const before = await person(address);
  await signUpInFooter(page, address);
  const after = await person(address);
  expect(after.subscriptions).toEqual(before.subscriptions);
  expect(after.outbox).toEqual([]);

  await page.goto(links.confirm);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Confirm your subscription');
  expect(await statusOf(address), 'opening the link alone confirms nothing').toBe('pending');
  await page.getByRole('button', { name: 'Confirm subscription' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('You are subscribed');
  expect(await statusOf(address)).toBe('confirmed');
  expect(await confirmedAddresses()).toContain(address);

  const again = await page.goto(links.confirm);
  expect(again?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('This link no longer works');
  await expect(page.getByRole('main')).toContainText('Nothing has changed.');
  expect(await statusOf(address)).toBe('confirmed');

  await page.goto(links.unsubscribe);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Unsubscribe');
  expect(await statusOf(address), 'opening the link alone unsubscribes nothing').toBe('confirmed');
  await page.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('You are unsubscribed');
  expect(await statusOf(address)).toBe('unsubscribed');
  expect(await confirmedAddresses()).not.toContain(address);

  // Once a later sign-up's email has arrived, the outbox is past this address's turn: of every
  // email the SMTP server received, only the one confirmation went to it.
  const later = `reader-${uniqueWord()}@example.com`;
  await signUpInFooter(page, later);
  await waitForEmail((other) => other.to.includes(later));
  expect(await listEmails(isForReader)).toHaveLength(1);
});
