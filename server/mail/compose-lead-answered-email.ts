import { escapeHtml } from '../../common/escape-html';
import type { LeadAssignment } from '../store/outbox/outbox-types';
import { senderDomain } from './compose-enquiry-email';
import { studioLeadLink } from './studio-lead-link';
import type { OutgoingEmail } from './mail-transport';

/**
 * Tells a staff member that the client of a lead they look after answered, with a link to the
 * thread: nobody waits for the morning digest to learn it. The Message-ID holds the job id: a
 * re-send after a crash is shown once.
 */
export function composeLeadAnsweredEmail(
  jobId: string,
  answered: LeadAssignment,
  site: { from: string; siteOrigin: string },
): OutgoingEmail {
  const link = studioLeadLink(site.siteOrigin, answered.enquiryId);
  const what = `${answered.name} answered about ${answered.service}.`;
  const text = [what, '', `Read it and reply in the studio: ${link}`].join('\n');
  const html = [
    '<!doctype html><html><body style="font-family:sans-serif">',
    `<p>${escapeHtml(what)}</p>`,
    `<p><a href="${escapeHtml(link)}">Read it and reply in the studio</a></p>`,
    '</body></html>',
  ].join('\n');
  return {
    messageId: `<lead-answered-${jobId}@${senderDomain(site.from)}>`,
    from: site.from,
    to: answered.recipient,
    subject: `${answered.name} answered`,
    text,
    html,
  };
}
