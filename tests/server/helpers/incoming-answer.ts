import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from '../../../server/store/leads/import-message';

/**
 * An answer to the studio as the mailbox watch hands it to the store: verified, plain, found
 * by nothing until `change` says what it answers and how else it differs.
 */
export function incomingAnswer(change: Partial<IncomingMessage> = {}): IncomingMessage {
  return {
    messageId: `<${randomUUID()}@client.example>`,
    from: 'visitor@example.com',
    to: 'reply@emberandink.example',
    at: new Date(),
    subject: 'Re: Your enquiry to Ember & Ink',
    text: 'Sounds good.',
    isTruncated: false,
    isVerified: true,
    attachments: [],
    answers: [],
    rootEnquiryIds: [],
    replyTokenHashes: [],
    bookingIds: [],
    isAnswerToUs: false,
    calendarReply: null,
    ...change,
  };
}
