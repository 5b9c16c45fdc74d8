import { isIP } from 'node:net';
import type { SMTPTransportOptions } from 'nodemailer';

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

export type SmtpSettings = {
  timeouts: SmtpTimeouts;
  /** SMTP_INSECURE=1: a remote smtp:// server may be spoken to in plain text (a lab only). */
  allowPlainText: boolean;
};

/**
 * True for a host that cannot be anything but this machine: `localhost`, 127.0.0.0/8 or ::1,
 * written as such. A name that merely resolves there is not trusted, as DNS can say otherwise.
 */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/^\[(.*)\]$/, '$1');
  if (host === 'localhost' || host === '::1') return true;
  return isIP(host) === 4 && host.startsWith('127.');
}

/**
 * The mail library's options for SMTP_URL. A remote `smtp://` server must upgrade to TLS with
 * STARTTLS before the password or any email crosses (`requireTLS`): left optional, someone on the
 * path could delete the server's STARTTLS offer and read both. `smtps://` is TLS from the start;
 * loopback never leaves the machine. The URL is read here field by field, so no query parameter
 * in it can switch TLS off behind this rule's back.
 */
export function smtpTransportOptions(
  smtpUrl: string,
  { timeouts, allowPlainText }: SmtpSettings,
): SMTPTransportOptions {
  const url = new URL(smtpUrl);
  const isImplicitTls = url.protocol === 'smtps:';
  const user = decodeURIComponent(url.username);
  return {
    host: url.hostname.replace(/^\[(.*)\]$/, '$1'),
    port: url.port === '' ? (isImplicitTls ? 465 : 587) : Number(url.port),
    secure: isImplicitTls,
    requireTLS: !isImplicitTls && !allowPlainText && !isLoopbackHost(url.hostname),
    ...(user === '' ? {} : { auth: { user, pass: decodeURIComponent(url.password) } }),
    connectionTimeout: timeouts.connectionTimeoutMs,
    greetingTimeout: timeouts.greetingTimeoutMs,
    socketTimeout: timeouts.socketTimeoutMs,
  };
}

/** The server as the start-up log names it: scheme and host, never the credentials. */
export function describeSmtpServer(smtpUrl: string, options: SMTPTransportOptions): string {
  const url = new URL(smtpUrl);
  const tls =
    options.secure === true
      ? 'TLS'
      : options.requireTLS === true
        ? 'STARTTLS required'
        : 'STARTTLS if offered';
  return `SMTP ${url.protocol}//${url.host} (${tls})`;
}
