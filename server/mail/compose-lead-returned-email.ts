import { escapeHtml } from '../../common/escape-html';
import type { LeadAssignment } from '../store/outbox/outbox-types';
import { senderDomain } from './compose-enquiry-email';
import type { OutgoingEmail } from './mail-transport';
import { studioLeadLink } from './studio-lead-link';

/**
 * Tells the owner of a client's last lead that the client came back (wrote or booked a call
 * after that lead was won or lost), with a link to the new lead. The Message-ID holds the job
 * id: a re-send after a crash is shown once.
 */
export function composeLeadReturnedEmail(
  jobId: string,
  returned: LeadAssignment,
  site: { from: string; siteOrigin: string },
): OutgoingEmail {
  const link = studioLeadLink(site.siteOrigin, returned.enquiryId);
  const what = `${returned.name}, whose last lead was yours, is back: a new lead (${returned.service}) is open for them.`;
  const text = [what, '', `Open it: ${link}`].join('\n');
  const html = [
    '<!doctype html><html><body style="font-family:sans-serif">',
    `<p>${escapeHtml(what)}</p>`,
    `<p><a href="${escapeHtml(link)}">Open the new lead</a></p>`,
    '</body></html>',
  ].join('\n');
  return {
    messageId: `<lead-returned-${jobId}@${senderDomain(site.from)}>`,
    from: site.from,
    to: returned.recipient,
    subject: `A returning client: ${returned.name}`,
    text,
    html,
  };
}
