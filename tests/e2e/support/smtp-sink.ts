import { mkdir, rename, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { AddressObject, ParsedMail } from 'mailparser';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import type { StoredEmail } from './stored-email';

export type SmtpSink = { url: string; close: () => Promise<void> };

function addresses(field: AddressObject | AddressObject[] | undefined): string[] {
  const objects = field === undefined ? [] : Array.isArray(field) ? field : [field];
  return objects.flatMap((object) =>
    object.value.flatMap((entry) => (entry.address ? [entry.address] : [])),
  );
}

function toStoredEmail(mail: ParsedMail): StoredEmail {
  return {
    subject: mail.subject ?? '',
    from: addresses(mail.from),
    to: addresses(mail.to),
    replyTo: addresses(mail.replyTo),
    text: mail.text ?? '',
  };
}

/**
 * A real SMTP server on 127.0.0.1. Every message is parsed and written as one JSON file into
 * `mailboxDir`, which test workers (other processes) read.
 */
export async function startSmtpSink(mailboxDir: string): Promise<SmtpSink> {
  await mkdir(mailboxDir, { recursive: true });
  let received = 0;
  const server = new SMTPServer({
    // No DNS answers here: a reverse lookup per connection would stall each one for seconds.
    disableReverseLookup: true,
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then(async (mail) => {
          received += 1;
          const file = join(mailboxDir, `${Date.now()}-${received}.json`);
          // Written aside, then renamed: a polling reader never sees half a file.
          await writeFile(`${file}.part`, JSON.stringify(toStoredEmail(mail)));
          await rename(`${file}.part`, file);
          callback();
        })
        .catch((error: unknown) =>
          callback(error instanceof Error ? error : new Error(String(error))),
        );
    },
  });
  const port = await new Promise<number>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address: AddressInfo | string | null = server.server.address();
      if (typeof address === 'object' && address !== null) resolve(address.port);
      else reject(new Error('The SMTP sink is not listening on a TCP port.'));
    });
  });
  return {
    url: `smtp://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
