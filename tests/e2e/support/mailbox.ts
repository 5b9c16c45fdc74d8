import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { StoredEmail } from './stored-email';
import { isStoredEmail } from './stored-email';

function mailboxDir(): string {
  const dir = process.env.E2E_MAILBOX_DIR;
  if (!dir) throw new Error('E2E_MAILBOX_DIR is unset: the global setup did not run.');
  return dir;
}

async function readMailbox(dir = mailboxDir()): Promise<StoredEmail[]> {
  const files = (await readdir(dir)).filter((name) => name.endsWith('.json')).sort();
  const emails: StoredEmail[] = [];
  for (const name of files) {
    const parsed: unknown = JSON.parse(await readFile(join(dir, name), 'utf8'));
    if (isStoredEmail(parsed)) emails.push(parsed);
  }
  return emails;
}

/** The emails the SMTP sink has received so far that match. */
export async function listEmails(matches: (email: StoredEmail) => boolean): Promise<StoredEmail[]> {
  return (await readMailbox()).filter(matches);
}

/** Polls the SMTP sink's mailbox until an email matches; the outbox sends asynchronously. */
export function waitForEmail(
  matches: (email: StoredEmail) => boolean,
  timeoutMs = 15_000,
): Promise<StoredEmail> {
  return waitForEmailIn(mailboxDir(), matches, timeoutMs);
}

/** waitForEmail, for a server with an SMTP sink of its own that writes into `dir`. */
export async function waitForEmailIn(
  dir: string,
  matches: (email: StoredEmail) => boolean,
  timeoutMs = 15_000,
): Promise<StoredEmail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = (await readMailbox(dir)).find(matches);
    if (found) return found;
    if (Date.now() > deadline) {
      throw new Error(`No matching email reached the SMTP sink within ${timeoutMs} ms.`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
