import type { AnsweredMessage } from '../store/leads/answered-message';

/** The line that opens a signature, as mail clients recognise it (and may fold away). */
const SIGNATURE_SEPARATOR = '-- ';

/** `On <date>, <name> wrote:`, the date in the studio's locale and time zone. */
function attribution(answered: AnsweredMessage, locale: string, timeZone: string): string {
  const date = new Intl.DateTimeFormat(locale, {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone,
  }).format(answered.at);
  return `On ${date}, ${answered.name} wrote:`;
}

/**
 * What a reply's email says: the studio's text, its sender's signature (when they have one)
 * and the message it answers quoted below, as a person's mail client would write it.
 */
export function composeReplyText(reply: {
  text: string;
  signature: string;
  answered: AnsweredMessage;
  locale: string;
  timeZone: string;
}): string {
  const signature = reply.signature.trim();
  const quoted = reply.answered.text
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((line) => (line === '' ? '>' : `> ${line}`));
  return [
    reply.text,
    ...(signature === '' ? [] : ['', SIGNATURE_SEPARATOR, signature]),
    '',
    attribution(reply.answered, reply.locale, reply.timeZone),
    ...quoted,
  ].join('\n');
}

/** The name a reply is sent in: "Sam Rivera at Ember & Ink", on one line whatever it held. */
export function senderName(staffName: string): string {
  const oneLine = staffName.replace(/[\p{Cc}\p{Zl}\p{Zp}]+/gu, ' ').trim();
  return `${oneLine} at Ember & Ink`;
}
