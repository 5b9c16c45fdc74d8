import { createTransport, type SMTPTransportOptions } from 'nodemailer';
import type { DeliveryResult, MailTransport, OutgoingEmail } from './mail-transport';

function describeError(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const code = 'code' in error && typeof error.code === 'string' ? `${error.code}: ` : '';
  return `${code}${error.message}`;
}

/** A refused STARTTLS is about the connection (or someone on its path), not this message. */
function isTlsRefusal(error: unknown): boolean {
  return error instanceof Error && 'code' in error && error.code === 'ETLS';
}

/**
 * A 5xx reply is permanent (the server refused this message for good); everything else, a 4xx
 * reply, a refused connection, a timeout or a failed STARTTLS, is temporary and worth a retry.
 */
export function classifySmtpError(error: unknown): DeliveryResult {
  const responseCode =
    error instanceof Error && 'responseCode' in error && typeof error.responseCode === 'number'
      ? error.responseCode
      : null;
  const reason = describeError(error);
  return responseCode !== null && responseCode >= 500 && responseCode < 600 && !isTlsRefusal(error)
    ? { outcome: 'permanent-failure', reason }
    : { outcome: 'temporary-failure', reason };
}

/**
 * Sends through the SMTP server that `options` (from `smtpTransportOptions`) describe: a new
 * connection per email, or up to `pool.maxConnections` kept open and reused (for letters, which
 * go by the thousand).
 */
export function createSmtpTransport(
  options: SMTPTransportOptions,
  description: string,
  pool?: { maxConnections: number },
): MailTransport {
  const transporter =
    pool === undefined
      ? createTransport(options)
      : createTransport({ ...options, pool: true, maxConnections: pool.maxConnections });
  return {
    description,
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
