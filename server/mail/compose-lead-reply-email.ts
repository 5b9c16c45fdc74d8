import { escapeHtml } from '../../common/escape-html';
import type { LeadReplyEmail } from '../store/leads/lead-types';
import type { OutgoingEmail } from './mail-transport';
import { THREAD_TOPIC } from './thread-subject';
import { threadIndex } from './thread-index';

/**
 * The studio's reply to an enquiry, as one message of the thread the enquiry started: its
 * Message-ID, In-Reply-To and References were fixed when it was queued, so a re-send after a
 * crash is the same message. Reply-To carries the thread's token when REPLY_ADDRESS is set.
 */
export function composeLeadReplyEmail(
  reply: LeadReplyEmail,
  site: { from: string; replyTo: string | null },
): OutgoingEmail {
  const html = [
    '<!doctype html><html><body style="font-family:sans-serif">',
    `<div style="white-space:pre-wrap">${escapeHtml(reply.text)}</div>`,
    '</body></html>',
  ].join('\n');
  return {
    messageId: reply.messageId,
    from: site.from,
    to: reply.to.address,
    ...(site.replyTo === null ? {} : { replyTo: { name: 'Ember & Ink', address: site.replyTo } }),
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
  };
}
