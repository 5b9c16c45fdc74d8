import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createTransport } from 'nodemailer';
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from '../private-files';
import type { DeliveryResult, MailLog, MailTransport, OutgoingEmail } from './mail-transport';

function fileNameFor(email: OutgoingEmail, now: Date): string {
  const stamp = now.toISOString().replace(/[:.]/g, '-');
  const id = (email.messageId.split('@', 1)[0] ?? '').replace(/[^A-Za-z0-9._-]/g, '');
  return `${stamp}-${id}.eml`;
}

/**
 * Used when SMTP_URL is unset: each email is written as an .eml file (open it in any mail
 * client) under `<dataDir>/mailbox/`, and the file is named in the log.
 */
export function createDevMailbox(dataDir: string, log: MailLog): MailTransport {
  const directory = path.join(dataDir, 'mailbox');
  const composer = createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    description: `development mailbox ${directory}`,
    async send(email: OutgoingEmail): Promise<DeliveryResult> {
      try {
        const info = await composer.sendMail(email);
        const message = info.message;
        if (!Buffer.isBuffer(message)) {
          return { outcome: 'permanent-failure', reason: 'The message could not be composed.' };
        }
        await mkdir(directory, { recursive: true, mode: PRIVATE_DIR_MODE });
        const file = path.join(directory, fileNameFor(email, new Date()));
        // It holds the enquiry, or a subscriber's confirmation and unsubscribe links.
        await writeFile(file, message, { mode: PRIVATE_FILE_MODE });
        // The subject names the visitor: the log names the message only.
        log.info(`Email ${email.messageId} written to ${file}`);
        return { outcome: 'sent', detail: file };
      } catch (error) {
        return {
          outcome: 'temporary-failure',
          reason: error instanceof Error ? error.message : String(error),
        };
      }
    },
    close: () => composer.close(),
  };
}
