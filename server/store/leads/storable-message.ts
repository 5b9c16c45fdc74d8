import { createHash } from 'node:crypto';
import type { IncomingMessage } from './import-message';

/**
 * The longest Message-ID kept as it came. PostgreSQL cannot index a value over about 2,700
 * bytes, and a unique Message-ID is how a message is stored once: a longer one would fail
 * the insert every time and hold the mailbox at that message.
 */
const MESSAGE_ID_LENGTH = 900;

/**
 * Text both stores keep as it reads: U+0000 (PostgreSQL refuses it in text) and lone UTF-16
 * surrogates (PostgreSQL's driver and SQLite's turn them into different things) become U+FFFD,
 * the character that says "something was here that cannot be shown".
 */
export function storableText(text: string): string {
  return text.replace(/\0|\p{Surrogate}/gu, '\uFFFD');
}

/** A Message-ID as stored and looked up: the same for the same ID, short enough to index. */
function storableMessageId(id: string): string {
  const text = storableText(id);
  if (text.length <= MESSAGE_ID_LENGTH) return text;
  return `<${createHash('sha256').update(text).digest('hex')}@long-message-id.invalid>`;
}

/** The message with every text it carries made storable on both stores, and nothing else changed. */
export function storableMessage(message: IncomingMessage): IncomingMessage {
  return {
    ...message,
    messageId: storableMessageId(message.messageId),
    from: storableText(message.from),
    to: storableText(message.to),
    subject: storableText(message.subject),
    text: storableText(message.text),
    attachments: message.attachments.map((attachment) => ({
      ...attachment,
      name: storableText(attachment.name),
      type: storableText(attachment.type),
    })),
    answers: message.answers.map(storableMessageId),
    // Only looked up, never kept; PostgreSQL refuses a U+0000 even in a query's parameter.
    calendarReply:
      message.calendarReply === null
        ? null
        : {
            ...message.calendarReply,
            uid: storableText(message.calendarReply.uid),
            attendee: storableText(message.calendarReply.attendee),
          },
  };
}
