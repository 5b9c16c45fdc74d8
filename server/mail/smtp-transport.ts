import { createTransport } from 'nodemailer';
import type { DeliveryResult, MailTransport, OutgoingEmail } from './mail-transport';

export type SmtpTimeouts = {
  connectionTimeoutMs: number;
  greetingTimeoutMs: number;
  socketTimeoutMs: number;
};

/** Short enough that a hung server costs seconds, not the library's minutes. */
export const DEFAULT_SMTP_TIMEOUTS: SmtpTimeouts = {
  connectionTimeoutMs: 10_000,
  greetingTimeoutMs: 10_000,
  socketTimeoutMs: 20_000,
};

function describeError(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const code = 'code' in error && typeof error.code === 'string' ? `${error.code}: ` : '';
  return `${code}${error.message}`;
}

/**
 * A 5xx reply is permanent (the server refused this message for good); everything else, a 4xx
 * reply, a refused connection or a timeout, is temporary and worth a retry.
 */
export function classifySmtpError(error: unknown): DeliveryResult {
  const responseCode =
    error instanceof Error && 'responseCode' in error && typeof error.responseCode === 'number'
      ? error.responseCode
      : null;
  const reason = describeError(error);
  return responseCode !== null && responseCode >= 500 && responseCode < 600
    ? { outcome: 'permanent-failure', reason }
    : { outcome: 'temporary-failure', reason };
}

function redactedServer(smtpUrl: string): string {
  const url = new URL(smtpUrl);
  return `${url.protocol}//${url.host}`;
}

export function createSmtpTransport(
  smtpUrl: string,
  timeouts: SmtpTimeouts = DEFAULT_SMTP_TIMEOUTS,
): MailTransport {
  const transporter = createTransport({
    url: smtpUrl,
    connectionTimeout: timeouts.connectionTimeoutMs,
    greetingTimeout: timeouts.greetingTimeoutMs,
    socketTimeout: timeouts.socketTimeoutMs,
  });
  return {
    description: `SMTP ${redactedServer(smtpUrl)}`,
    async send(email: OutgoingEmail): Promise<DeliveryResult> {
      try {
        const info = await transporter.sendMail(email);
        return { outcome: 'sent', detail: info.response };
      } catch (error) {
        return classifySmtpError(error);
      }
    },
    close: () => transporter.close(),
  };
}
