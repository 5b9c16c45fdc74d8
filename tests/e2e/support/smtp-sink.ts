import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { AddressObject, ParsedMail } from 'mailparser';
import { startLocalSmtpServer } from '../../support/local-smtp-server';
import type { StoredEmail } from './stored-email';

export type SmtpSink = { url: string; close: () => Promise<void> };

function addresses(field: AddressObject | AddressObject[] | undefined): string[] {
  const objects = field === undefined ? [] : Array.isArray(field) ? field : [field];
  return objects.flatMap((object) =>
    object.value.flatMap((entry) => (entry.address ? [entry.address] : [])),
  );
}

/** The raw header lines, so a journey sees a header exactly as a mail client would. */
function rawHeaders(mail: ParsedMail): Record<string, string> {
  return Object.fromEntries(
    mail.headerLines.map(({ key, line }) => [
      key,
      line
        .slice(line.indexOf(':') + 1)
        .replace(/\r?\n[ \t]+/g, ' ')
        .trim(),
    ]),
  );
}

function toStoredEmail(mail: ParsedMail): StoredEmail {
  return {
    subject: mail.subject ?? '',
    from: addresses(mail.from),
    to: addresses(mail.to),
    replyTo: addresses(mail.replyTo),
    text: mail.text ?? '',
    headers: rawHeaders(mail),
    attachments: mail.attachments.map((attachment) => ({
      filename: attachment.filename ?? '',
      contentType: attachment.contentType,
      size: attachment.size,
    })),
  };
}

/**
 * A real SMTP server on 127.0.0.1. Every message is parsed and written as one JSON file into
 * `mailboxDir`, which test workers (other processes) read.
 */
export async function startSmtpSink(mailboxDir: string): Promise<SmtpSink> {
  await mkdir(mailboxDir, { recursive: true });
  let received = 0;
  const server = await startLocalSmtpServer({
    async onMessage(mail) {
      received += 1;
      const file = join(mailboxDir, `${Date.now()}-${received}.json`);
      // Written aside, then renamed: a polling reader never sees half a file.
      await writeFile(`${file}.part`, JSON.stringify(toStoredEmail(mail)));
      await rename(`${file}.part`, file);
    },
  });
  return { url: server.url, close: server.close };
}
