import { escapeHtml } from '../../common/escape-html';
import type { LeadReplyEmail } from '../store/leads/lead-types';
import type { OutgoingEmail } from './mail-transport';
import { THREAD_TOPIC } from './thread-subject';
import { threadIndex } from './thread-index';

/**
 * The studio's reply to an enquiry (or the acknowledgement that starts its thread), as one
 * message of that thread: its sender's name, CC, text, Message-ID, In-Reply-To and References
 * were fixed when it was queued, so a re-send after a crash is the same message. It comes from
 * REPLY_FROM in its sender's name; Reply-To is the thread's tokened address when REPLY_ADDRESS
 * is set, else REPLY_FROM itself, so an answer always reaches the studio.
 */
export function composeLeadReplyEmail(
  reply: LeadReplyEmail,
  studio: { replyFrom: string; replyTo: string | null },
): OutgoingEmail {
  const html = [
    '<!doctype html><html><body style="font-family:sans-serif">',
    `<div style="white-space:pre-wrap">${escapeHtml(reply.text)}</div>`,
    '</body></html>',
  ].join('\n');
  return {
    messageId: reply.messageId,
    // nodemailer encodes the name as a MIME word: quotes or accents cannot break the header.
    from: { name: reply.fromName, address: studio.replyFrom },
    to: reply.to.address,
    ...(reply.cc.length === 0 ? {} : { cc: reply.cc }),
    replyTo: { name: 'Ember & Ink', address: studio.replyTo ?? studio.replyFrom },
    subject: reply.subject,
    ...(reply.inReplyTo === null ? {} : { inReplyTo: reply.inReplyTo }),
    references: reply.references,
    headers: {
      'Thread-Topic': THREAD_TOPIC,
      'Thread-Index': threadIndex(
        reply.enquiryId,
        reply.threadStartedAt,
        reply.references.length,
        reply.at,
      ),
    },
    text: reply.text,
    html,
    ...(reply.attachments.length === 0
      ? {}
      : {
          attachments: reply.attachments.map((file) => ({
            filename: file.name,
            content: file.content,
            contentType: file.type,
          })),
        }),
  };
}
