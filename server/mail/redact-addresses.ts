/**
 * Something@something, as mail servers quote addresses in their replies (bare or in <…>). It
 * starts only where a run of such characters starts, so a long run without an @ is read once.
 */
const EMAIL_ADDRESS = /(?<![^\s<>()[\]\\,;:"'@])[^\s<>()[\]\\,;:"'@]+@[^\s<>()[\]\\,;:"'@]+/g;

/**
 * A mail server's reply as the log may carry it: a refusal often names the recipient
 * ("550 5.1.1 <ann@example.com>: Recipient address rejected"), and the log never carries an
 * address. The outbox row keeps the reply whole for the studio.
 */
export function redactAddresses(text: string): string {
  return text.replace(EMAIL_ADDRESS, '[address]');
}
