import { createDevMailbox } from './dev-mailbox';
import type { MailLog, MailTransport } from './mail-transport';
import { createSmtpTransport, DEFAULT_SMTP_TIMEOUTS, type SmtpTimeouts } from './smtp-transport';

export type MailTransportConfig = {
  /** smtp:// or smtps:// URL; unset means the development mailbox under dataDir. */
  smtpUrl?: string | null;
  dataDir: string;
  smtpTimeouts?: SmtpTimeouts;
  log?: MailLog;
};

export function createMailTransport({
  smtpUrl,
  dataDir,
  smtpTimeouts = DEFAULT_SMTP_TIMEOUTS,
  log = console,
}: MailTransportConfig): MailTransport {
  return smtpUrl === undefined || smtpUrl === null || smtpUrl === ''
    ? createDevMailbox(dataDir, log)
    : createSmtpTransport(smtpUrl, smtpTimeouts);
}
