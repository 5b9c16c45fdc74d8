import { readdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';

/** The development mailbox (SMTP_URL unset) under DATA_DIR. */
export function mailboxDirectory(dataDir: string): string {
  return path.join(dataDir, 'mailbox');
}

/**
 * Deletes the development mailbox's .eml files of the given enquiries and subscribers (their
 * Message-IDs, hence file names, hold the id; a reply in an enquiry's thread names the
 * enquiry's Message-ID in its References) and, when `address` is given, every file that names
 * that address anywhere, case-insensitively. Returns the paths removed.
 */
export async function removeMailboxFiles(
  dataDir: string,
  owners: { enquiryIds: string[]; subscriberIds: string[]; address?: string },
): Promise<string[]> {
  const directory = mailboxDirectory(dataDir);
  const names = await readdir(directory).catch((): string[] => []);
  const marks = [
    ...owners.enquiryIds.map((id) => `enquiry-${id}`),
    ...owners.subscriberIds.map((id) => `subscriber-${id}-`),
  ];
  const address = owners.address?.trim().toLowerCase();
  const inside = [
    ...owners.enquiryIds.map((id) => `<enquiry-${id}@`),
    ...(address === undefined ? [] : [address]),
  ];
  const removed: string[] = [];
  for (const name of names.filter((file) => file.endsWith('.eml'))) {
    const file = path.join(directory, name);
    const isOwned =
      marks.some((mark) => name.includes(mark)) ||
      (inside.length > 0 && isNamedIn((await readFile(file, 'utf8')).toLowerCase(), inside));
    if (!isOwned) continue;
    await rm(file, { force: true });
    removed.push(file);
  }
  return removed;
}

function isNamedIn(content: string, marks: readonly string[]): boolean {
  return marks.some((mark) => content.includes(mark.toLowerCase()));
}
