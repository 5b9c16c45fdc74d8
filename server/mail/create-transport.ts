import { createDevMailbox } from './dev-mailbox';
import type { MailLog, MailTransport } from './mail-transport';
import {
  DEFAULT_SMTP_TIMEOUTS,
  describeSmtpServer,
  smtpTransportOptions,
  type SmtpTimeouts,
} from './smtp-options';
import { createSmtpTransport } from './smtp-transport';

export type MailTransportConfig = {
  /** smtp:// or smtps:// URL; unset means the development mailbox under dataDir. */
  smtpUrl?: string | null;
  /** SMTP_INSECURE: a remote smtp:// server need not offer STARTTLS. */
  allowPlainText?: boolean;
  dataDir: string;
  smtpTimeouts?: SmtpTimeouts;
  /** Keeps up to this many SMTP connections open and reuses them; unset: one per email. */
  maxConnections?: number;
  log?: MailLog;
};

export function createMailTransport({
  smtpUrl,
  allowPlainText = false,
  dataDir,
  smtpTimeouts = DEFAULT_SMTP_TIMEOUTS,
  maxConnections,
  log = console,
}: MailTransportConfig): MailTransport {
  if (smtpUrl === undefined || smtpUrl === null || smtpUrl === '') {
    return createDevMailbox(dataDir, log);
  }
  const options = smtpTransportOptions(smtpUrl, { timeouts: smtpTimeouts, allowPlainText });
  return createSmtpTransport(
    options,
    describeSmtpServer(smtpUrl, options),
    maxConnections === undefined ? undefined : { maxConnections },
  );
}
