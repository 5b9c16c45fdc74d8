import { confirmUrl, unsubscribeUrl } from '../newsletter/newsletter-links';
import type { ConfirmationEmail } from '../store/outbox/outbox-types';
import type { ConfirmationLinks } from '../store/subscribers/subscriber-types';
import { escapeHtml } from '../../common/escape-html';
import { senderDomain } from './compose-enquiry-email';
import type { OutgoingEmail } from './mail-transport';

/**
 * The double opt-in email. Like every email to a subscriber it carries an unsubscribe link and
 * the RFC 8058 headers, so a mail client can offer one-click unsubscribe. The links' tokens were
 * minted for this send and exist nowhere else but in the email. The Message-ID holds
 * the subscriber id, so the purge and `forget` find its development-mailbox file.
 */
export function composeConfirmationEmail(
  jobId: string,
  email: ConfirmationEmail,
  links: ConfirmationLinks,
  site: { from: string; siteOrigin: string },
): OutgoingEmail {
  const confirm = confirmUrl(site.siteOrigin, links.confirmToken);
  const unsubscribe = unsubscribeUrl(site.siteOrigin, links.unsubscribeToken);
  const text = [
    'Please confirm that you want Studio notes from Ember & Ink, one short email a month.',
    '',
    `Confirm your subscription: ${confirm}`,
    '',
    'The link works for 7 days. If you did not ask for this, ignore this email: nothing will be sent.',
    '',
    `Unsubscribe: ${unsubscribe}`,
  ].join('\n');
  const html = [
    '<!doctype html><html><body style="font-family:sans-serif">',
    '<p>Please confirm that you want Studio notes from Ember &amp; Ink, one short email a month.</p>',
    `<p><a href="${escapeHtml(confirm)}">Confirm your subscription</a></p>`,
    '<p>The link works for 7 days. If you did not ask for this, ignore this email: nothing will be sent.</p>',
    `<p style="font-size:12px"><a href="${escapeHtml(unsubscribe)}">Unsubscribe</a></p>`,
    '</body></html>',
  ].join('\n');
  return {
    messageId: `<subscriber-${email.subscriberId}-${jobId}@${senderDomain(site.from)}>`,
    from: site.from,
    to: email.recipient,
    subject: 'Confirm your subscription to Studio notes',
    text,
    html,
    list: { unsubscribe },
    headers: { 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  };
}
